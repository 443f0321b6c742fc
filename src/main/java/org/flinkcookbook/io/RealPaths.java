package org.flinkcookbook.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Where a path leads: its real path (symbolic links resolved, as the operating system would), and
 * the symbolic links it goes through on the way. A file read through a link depends on the link
 * as much as on its target: pointing the link elsewhere changes what is read, though no file that
 * was read changed (and git names only the link).
 */
public final class RealPaths {

    /** As the kernel's limit on links in one lookup (Linux's 40): a loop is no path. */
    private static final int MAX_LINKS = 40;

    private RealPaths() {}

    /** The real path of the nearest existing ancestor, with the rest appended: symbolic links resolved. */
    public static Path of(Path path) {
        Path absolute = path.toAbsolutePath();
        try {
            return absolute.toRealPath();
        } catch (IOException missing) {
            // resolve the part that exists
        }
        Path normalized = absolute.normalize();
        Path existing = normalized;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return normalized;
        }
        try {
            return existing.toRealPath()
                    .resolve(existing.relativize(normalized))
                    .normalize();
        } catch (IOException e) {
            return normalized;
        }
    }

    /**
     * True when the path is a regular file with more than one name (hard links, read without
     * following a symbolic link): its content is then also that of another path, which may lie
     * anywhere on the same file system ({@code .git/config}, a file outside the project), and its
     * real path says nothing of where that is. False where the file system does not count links.
     */
    public static boolean hasOtherNames(Path path) {
        try {
            return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)
                    && ((Number) Files.getAttribute(path, "unix:nlink", LinkOption.NOFOLLOW_LINKS)).intValue() > 1;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException notCounted) {
            return false;
        }
    }

    /**
     * Every symbolic link met while resolving the path, in the order they are met (the links in a
     * link's target too), each named by its real directory and its own name: a path with no link
     * before its last name.
     */
    public static List<Path> linksOnTheWay(Path path) {
        List<Path> links = new ArrayList<>();
        resolve(path, links);
        return links;
    }

    /**
     * The path named as the guard records a link: its directory's real path and its own name,
     * which is kept even when it is a link. For a path that is no link, its real path.
     */
    public static Path named(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        return parent == null ? absolute : of(parent).resolve(absolute.getFileName());
    }

    /** Resolves one name at a time, as the kernel does, adding each link met to {@code links}. */
    private static void resolve(Path path, List<Path> links) {
        Path absolute = path.toAbsolutePath();
        Deque<String> names = new ArrayDeque<>();
        absolute.forEach(name -> names.addLast(name.toString()));
        Path current = absolute.getRoot();
        int followed = 0;
        while (!names.isEmpty()) {
            String name = names.removeFirst();
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                current = current.getParent() == null ? current : current.getParent();
                continue;
            }
            Path next = current.resolve(name);
            if (!Files.isSymbolicLink(next) || followed++ >= MAX_LINKS) {
                current = next; // a missing name, or a loop: the rest is appended as it is
                continue;
            }
            links.add(next);
            Path target;
            try {
                target = Files.readSymbolicLink(next);
            } catch (IOException | UnsupportedOperationException unreadable) {
                current = next;
                continue;
            }
            List<String> targetNames = new ArrayList<>();
            target.forEach(part -> targetNames.add(part.toString()));
            for (int i = targetNames.size() - 1; i >= 0; i--) {
                names.addFirst(targetNames.get(i));
            }
            if (target.isAbsolute()) {
                current = target.getRoot();
            }
        }
    }
}
