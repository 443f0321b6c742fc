package org.flinkcookbook.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.flinkcookbook.io.AtomicFiles;
import org.flinkcookbook.io.FileDigests;
import org.flinkcookbook.io.RealPaths;

/**
 * Where the passes of one project are kept: outside its checkout, in a per-user directory (the
 * cache root, {@code cookbook.cacheDirectory}) that only this user may enter, one subdirectory per
 * project named after the hash of its real path. Each entry is authenticated with an HMAC whose key
 * is a file of that root only this user may read, made on first use: an entry that does not carry
 * the right code (written by anyone else, copied from another machine, or edited) is ignored. So a
 * pull request can neither forge a pass nor point the cache elsewhere: what it commits under
 * {@code target/} is never read, and no link is followed on the way ({@link AtomicFiles}).
 */
public final class CacheDirectory {

    private static final String KEY_FILE = "hmac.key";
    private static final String MAC = "HmacSHA256";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_READ_WRITE = PosixFilePermissions.fromString("rw-------");

    private final Path directory;
    private final SecretKeySpec key;

    private CacheDirectory(Path directory, SecretKeySpec key) {
        this.directory = directory;
        this.key = key;
    }

    /**
     * The cache of {@code projectDirectory} under {@code root}, made on first use.
     *
     * @throws IOException with a sentence when the root lies inside the project, is a link, or may be
     *     entered by another user, or its key may be read by one
     */
    public static CacheDirectory of(Path root, Path projectDirectory) throws IOException {
        Path project = projectDirectory.toRealPath();
        Path top = root.toAbsolutePath().normalize();
        AtomicFiles.refuseLinks(top);
        if (RealPaths.of(top).startsWith(project)) {
            throw new IOException("the cache directory " + top + " lies inside the project " + project
                    + ", where a pull request could commit passes; keep it outside, for example"
                    + " -Dcookbook.cacheDirectory="
                    + Path.of(System.getProperty("user.home"), ".cache", "cookbook-maven-plugin"));
        }
        privateDirectory(top);
        SecretKeySpec key = new SecretKeySpec(key(top.resolve(KEY_FILE)), MAC);
        String name = HexFormat.of()
                .formatHex(FileDigests.sha256().digest(project.toString().getBytes(StandardCharsets.UTF_8)))
                .substring(0, 32);
        Path directory = top.resolve(name);
        privateDirectory(directory);
        return new CacheDirectory(directory, key);
    }

    /** The content stored under {@code name} when its code is right; empty when there is none or it is not. */
    Optional<byte[]> read(String name) {
        try {
            Optional<byte[]> stored = AtomicFiles.readIfPresent(directory.resolve(name));
            if (stored.isEmpty()) {
                return Optional.empty();
            }
            byte[] bytes = stored.get();
            int newline = indexOf(bytes, (byte) '\n');
            if (newline < 0) {
                return Optional.empty();
            }
            byte[] code = HexFormat.of().parseHex(new String(bytes, 0, newline, StandardCharsets.US_ASCII));
            byte[] content = Arrays.copyOfRange(bytes, newline + 1, bytes.length);
            return MessageDigest.isEqual(code, mac(name, content)) ? Optional.of(content) : Optional.empty();
        } catch (IOException | IllegalArgumentException unreadable) {
            return Optional.empty(); // it only costs a run
        }
    }

    /** Stores the content under {@code name}, with its code. */
    void write(String name, byte[] content) throws IOException {
        AtomicFiles.write(directory.resolve(name), out -> {
            out.write(HexFormat.of().formatHex(mac(name, content)).getBytes(StandardCharsets.US_ASCII));
            out.write('\n');
            out.write(content);
        });
    }

    void delete(String name) throws IOException {
        AtomicFiles.delete(directory.resolve(name));
    }

    /** The code of a content under its name: an entry moved to another name is no entry. */
    private byte[] mac(String name, byte[] content) {
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(key);
            mac.update(name.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return mac.doFinal(content);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java has " + MAC, e);
        }
    }

    private static int indexOf(byte[] bytes, byte wanted) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    /** The directory, made 0700 when missing; refused when it is a link or another user may enter it. */
    private static void privateDirectory(Path directory) throws IOException {
        AtomicFiles.directory(directory.getParent());
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
            if (posix()) {
                Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } else {
                Files.createDirectory(directory);
            }
        }
        AtomicFiles.directory(directory);
        refuseShared(directory, OWNER_ONLY, "chmod 700 ");
    }

    /** The key: 32 random bytes in a file only this user may read, made on first use. */
    private static byte[] key(Path file) throws IOException {
        Optional<byte[]> existing = AtomicFiles.readIfPresent(file);
        if (existing.isEmpty()) {
            byte[] fresh = new byte[32];
            new SecureRandom().nextBytes(fresh);
            Path temporary = file.resolveSibling("." + KEY_FILE + "." + System.nanoTime());
            if (posix()) {
                Files.createFile(temporary, PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
            } else {
                Files.createFile(temporary);
            }
            Files.write(temporary, fresh, LinkOption.NOFOLLOW_LINKS);
            try {
                Files.move(temporary, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException anotherBuildWasFirst) {
                Files.deleteIfExists(temporary);
            }
            existing = AtomicFiles.readIfPresent(file);
        }
        refuseShared(file, OWNER_READ_WRITE, "chmod 600 ");
        if (existing.isEmpty() || existing.get().length != 32) {
            throw new IOException("the cache's key " + file + " is not the 32 bytes the plugin wrote;"
                    + " delete it, and the passes it signed, to start afresh: rm -r " + file.getParent());
        }
        return existing.get();
    }

    /** Refuses a file or directory another user may use, or that this user does not own. */
    private static void refuseShared(Path path, Set<PosixFilePermission> allowed, String fix) throws IOException {
        if (!posix()) {
            return;
        }
        PosixFileAttributes attributes = Files.getFileAttributeView(
                        path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
        String user = System.getProperty("user.name");
        if (!attributes.owner().getName().equals(user)) {
            throw new IOException(
                    "the cache's " + path + " belongs to " + attributes.owner().getName() + ", not to "
                            + user + ", so passes kept there could be forged; point -Dcookbook.cacheDirectory at a"
                            + " directory of your own");
        }
        if (!allowed.containsAll(attributes.permissions())) {
            throw new IOException("the cache's " + path + " may be used by other users ("
                    + PosixFilePermissions.toString(attributes.permissions())
                    + "), so passes kept there could be forged; make it yours alone: " + fix + path);
        }
    }
}
