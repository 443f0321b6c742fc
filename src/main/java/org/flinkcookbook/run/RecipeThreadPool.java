package org.flinkcookbook.run;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The threads recipes run on: one at a time on the caller's thread or several at once on threads of their own.
 * Planning a recipe keeps one core busy while its jobs mostly wait, so on a machine with more cores
 * recipes side by side finish sooner; their outcomes are still taken in path order.
 */
final class RecipeThreadPool implements AutoCloseable {

    private final ExecutorService threads;

    /** @param threads how many recipes run at once; 1 runs each on the caller's thread when its outcome is asked for */
    RecipeThreadPool(int threads) {
        AtomicInteger created = new AtomicInteger();
        this.threads = threads == 1
                ? null
                : Executors.newFixedThreadPool(threads, runnable -> {
                    // a new thread inherits the caller's context class loader, which Flink resolves connectors with
                    Thread thread = new Thread(runnable, "cookbook-recipe-" + created.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Starts a recipe, or with one thread, prepares it; the supplier gives its outcome. */
    <T> Supplier<T> start(Supplier<T> recipe) {
        if (threads == null) {
            return recipe;
        }
        Future<T> running = threads.submit(recipe::get);
        return () -> outcomeOf(running);
    }

    private static <T> T outcomeOf(Future<T> running) {
        try {
            return running.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a recipe", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Drops the recipes not yet started and interrupts the running ones: only reached early after a failure. */
    @Override
    public void close() {
        if (threads != null) {
            threads.shutdownNow();
        }
    }
}
