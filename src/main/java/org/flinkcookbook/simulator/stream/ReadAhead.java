package org.flinkcookbook.simulator.stream;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads and parses a fixture on a thread of its own while the caller's thread runs the operators,
 * so that the two halves of a simulation, about equal in cost, use two cores. Rows reach the
 * consumer in file order, in batches through a short queue, so memory stays bounded; a failure of
 * the reader reaches the consumer after the rows read before it, as it would in one thread.
 */
final class ReadAhead {

    /** Receives parsed rows in file order. */
    @FunctionalInterface
    interface ParsedRows {
        void row(Object[] values, int fixtureLine);
    }

    /** Reads a whole fixture into {@code into}, on the reading thread. */
    @FunctionalInterface
    interface Reader {
        void read(ParsedRows into) throws IOException;
    }

    private static final int BATCH_ROWS = 2048;
    private static final int QUEUED_BATCHES = 8;

    private ReadAhead() {}

    /** Runs {@code reader} on a new thread and feeds what it reads to {@code consumer} on this one. */
    static void run(Reader reader, ParsedRows consumer) throws IOException {
        BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
        Thread reading = new Thread(() -> produce(reader, queue), "cookbook-fixture-reader");
        reading.setDaemon(true);
        reading.start();
        try {
            while (true) {
                Batch batch = queue.take();
                for (int i = 0; i < batch.size; i++) {
                    consumer.row(batch.rows[i], batch.lines[i]);
                }
                if (batch.failure != null) {
                    throw rethrown(batch.failure);
                }
                if (batch.last) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading a fixture");
        } finally {
            // the consumer may have failed mid-file: stop the reader, which may be blocked on the full queue
            reading.interrupt();
            joinQuietly(reading);
        }
    }

    private static void produce(Reader reader, BlockingQueue<Batch> queue) {
        Batch[] filling = {new Batch()};
        try {
            reader.read((values, line) -> {
                Batch batch = filling[0];
                batch.add(values, line);
                if (batch.size == BATCH_ROWS) {
                    put(queue, batch);
                    filling[0] = new Batch();
                }
            });
            filling[0].last = true;
        } catch (Stopped stopped) {
            return; // the consumer has gone: nobody waits for the rest
        } catch (Throwable failure) { // handed to the consumer, who rethrows it
            filling[0].failure = failure;
        }
        try {
            put(queue, filling[0]);
        } catch (Stopped stopped) {
            // the consumer has gone
        }
    }

    private static void put(BlockingQueue<Batch> queue, Batch batch) {
        try {
            queue.put(batch);
        } catch (InterruptedException e) {
            throw new Stopped();
        }
    }

    private static IOException rethrown(Throwable failure) {
        if (failure instanceof IOException io) {
            return io;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IOException(failure);
    }

    private static void joinQuietly(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The consumer stopped reading: ends the reader's thread. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    private static final class Batch {
        final Object[][] rows = new Object[BATCH_ROWS][];
        final int[] lines = new int[BATCH_ROWS];
        int size;
        boolean last;
        Throwable failure;

        void add(Object[] values, int line) {
            rows[size] = values;
            lines[size] = line;
            size++;
        }
    }
}
