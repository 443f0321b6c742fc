package org.flinkcookbook.guard;

import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.BlockLocation;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.FileSystemKind;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.fs.local.LocalFileSystem;
import org.apache.flink.core.plugin.PluginManager;

/**
 * Flink's {@code file} file system as recipes may use it: reads only under the project and fixtures
 * directories ({@link FileAccess}), relative paths against the project, never a write. Every file
 * access of Flink's connectors, formats and planner goes through {@link FileSystem#get}, so the
 * check sees the path Flink finally opens, after ALTER TABLE, LIKE, hints, views and CTEs.
 *
 * <p>A directory is never created either, but {@link #mkdirs} answers yes: Flink's batch file sink
 * makes its staging directory while a plan is only explained, and no sink of a recipe ever writes.
 */
public final class GuardedFileSystem extends FileSystem {

    /** Above Flink's own factory for {@code file}, which registers at the default priority 0. */
    private static final int PRIORITY = 1000;

    private static boolean installed;

    private final LocalFileSystem local = LocalFileSystem.getSharedInstance();

    /** Makes Flink use this file system for {@code file} URIs and for paths without a scheme. */
    public static synchronized void install() {
        if (installed) {
            return;
        }
        FileSystem.initialize(new Configuration(), new PluginManager() {
            @Override
            @SuppressWarnings("unchecked")
            public <P> Iterator<P> load(Class<P> service) {
                return service == FileSystemFactory.class
                        ? List.of((P) new Factory()).iterator()
                        : Collections.emptyIterator();
            }
        });
        installed = true;
    }

    /** Creates the guarded file system for {@code file} URIs. */
    static final class Factory implements FileSystemFactory {
        @Override
        public String getScheme() {
            return "file";
        }

        @Override
        public int getPriority() {
            return PRIORITY;
        }

        @Override
        public FileSystem create(URI uri) {
            return new GuardedFileSystem();
        }
    }

    private static Path readable(Path path) throws IOException {
        return new Path(FileAccess.readable(java.nio.file.Path.of(path.toUri().getPath()))
                .toUri());
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
        return local.getFileStatus(readable(path));
    }

    @Override
    public FSDataInputStream open(Path path, int bufferSize) throws IOException {
        return local.open(readable(path), bufferSize);
    }

    @Override
    public FSDataInputStream open(Path path) throws IOException {
        return local.open(readable(path));
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
        return local.listStatus(readable(path));
    }

    /** No file outside the project exists, as far as recipes can tell: Flink's batch file sink asks while planning. */
    @Override
    public boolean exists(Path path) throws IOException {
        try {
            return local.exists(readable(path));
        } catch (AccessDeniedException outside) {
            return false;
        }
    }

    @Override
    public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long length) throws IOException {
        return local.getFileBlockLocations(getFileStatus(file.getPath()), start, length);
    }

    @Override
    public boolean mkdirs(Path path) {
        return true;
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        throw FileAccess.writeRefused(path);
    }

    @Override
    public FSDataOutputStream create(Path path, WriteMode overwrite) throws IOException {
        throw FileAccess.writeRefused(path);
    }

    @Override
    public boolean rename(Path source, Path target) throws IOException {
        throw FileAccess.writeRefused(target);
    }

    @Override
    public RecoverableWriter createRecoverableWriter() throws IOException {
        throw FileAccess.writeRefused("a file sink");
    }

    @Override
    public RecoverableWriter createRecoverableWriter(Map<String, String> conditions) throws IOException {
        throw FileAccess.writeRefused("a file sink");
    }

    @Override
    public boolean canCopyPaths(Path source, Path destination) {
        return false;
    }

    /** The project directory: Flink qualifies relative paths with it before it opens them. */
    @Override
    public Path getWorkingDirectory() {
        return FileAccess.projectDirectory()
                .map(project -> new Path(project.toUri()))
                .orElseGet(local::getWorkingDirectory);
    }

    @Override
    public Path getHomeDirectory() {
        return local.getHomeDirectory();
    }

    @Override
    public URI getUri() {
        return local.getUri();
    }

    @Override
    public boolean isDistributedFS() {
        return false;
    }

    /**
     * What Flink 1.x asks of a file system besides the rest (2.0 dropped it): the planning-only
     * engine JVM of a 1.x version (cookbook.flinkVersions) guards its files with this class too.
     */
    public FileSystemKind getKind() {
        return FileSystemKind.FILE_SYSTEM;
    }
}
