package org.flinkcookbook.report;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.flinkcookbook.result.Timeline;
import org.flinkcookbook.result.Timeline.FiredWindow;
import org.flinkcookbook.result.Timeline.Point;

/**
 * Draws a {@link Timeline} as an SVG figure: fixture line (arrival order) across, event time up;
 * every input row a dot (a density above {@link #DENSITY_ABOVE} rows), the watermark as the step
 * line the operator received, each window as a band from its start to its end that stops where the
 * window fired, dropped rows red and rows filtered by CURRENT_WATERMARK orange, each with a tooltip.
 * A row that lands in a band to the right of where it stopped came too late for that window.
 */
final class TimelineSvg {

    /** Above this many rows the rows are drawn as a density, which keeps big pages small and fast. */
    static final long DENSITY_ABOVE = 3000;
    /** Tooltips on this many dropped or filtered rows at most; the rest are drawn without. */
    static final int MAX_TOOLTIPS = 2000;
    /** Bands beyond this many windows would hide the rows; only the fire marks are drawn then. */
    static final int MAX_BANDS = 300;

    private static final int DENSITY_COLUMNS = 240;
    private static final int DENSITY_ROWS = 100;
    private static final long[] TIME_STEPS = {
        1,
        2,
        5,
        10,
        20,
        50,
        100,
        200,
        500,
        1_000,
        2_000,
        5_000,
        10_000,
        15_000,
        30_000,
        60_000,
        120_000,
        300_000,
        600_000,
        900_000,
        1_800_000,
        3_600_000,
        7_200_000,
        10_800_000,
        21_600_000,
        43_200_000,
        86_400_000
    };
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter DAYS = DateTimeFormatter.ofPattern("MM-dd HH:mm", Locale.ROOT);
    private static final DateTimeFormatter FULL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);

    /** Size and margins: the full figure has axes and tooltips, a thumbnail only the picture. */
    private record Frame(int width, int height, int left, int right, int top, int bottom, boolean full) {}

    static final Frame FULL_FRAME = new Frame(960, 390, 84, 22, 24, 46, true);
    static final Frame THUMBNAIL = new Frame(300, 140, 4, 4, 4, 4, false);

    private final Timeline timeline;
    private final Frame frame;
    private final StringBuilder svg = new StringBuilder(8192);
    private final long minTime;
    private final long maxTime;
    private final int minLine;
    private final int maxLine;

    private TimelineSvg(Timeline timeline, Frame frame) {
        this.timeline = timeline;
        this.frame = frame;
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        int first = Integer.MAX_VALUE;
        int last = Integer.MIN_VALUE;
        List<Point> everything = new ArrayList<>(timeline.rows());
        everything.addAll(timeline.watermarks());
        Stream.concat(late(timeline).stream(), filtered(timeline).stream())
                .forEach(mark -> everything.add(new Point(mark.line(), mark.eventTime())));
        for (Point point : everything) {
            low = Math.min(low, point.time());
            high = Math.max(high, point.time());
            first = Math.min(first, point.line());
            last = Math.max(last, point.line());
        }
        if (first > last) { // no row at all
            low = 0;
            high = 1000;
            first = 1;
            last = 1;
        }
        long padding = Math.max(500, (high - low) / 25);
        this.minTime = low - padding;
        this.maxTime = high + padding;
        this.minLine = first;
        this.maxLine = last;
    }

    /** The full figure, with axes and a tooltip on every mark. */
    static String figure(Timeline timeline) {
        return new TimelineSvg(timeline, FULL_FRAME).draw();
    }

    /** A small picture for the side-by-side comparison of a recipe's timelines. */
    static String thumbnail(Timeline timeline) {
        return new TimelineSvg(timeline, THUMBNAIL).draw();
    }

    private String draw() {
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"")
                .append(frame.full ? "chart" : "thumb")
                .append("\" viewBox=\"0 0 ")
                .append(frame.width)
                .append(' ')
                .append(frame.height)
                .append("\" role=\"img\"><rect class=\"plot\" x=\"")
                .append(frame.left)
                .append("\" y=\"")
                .append(frame.top)
                .append("\" width=\"")
                .append(plotWidth())
                .append("\" height=\"")
                .append(plotHeight())
                .append("\"/>");
        if (frame.full) {
            axes();
        }
        windows();
        if (timeline.rowCount() > DENSITY_ABOVE) {
            density();
        } else {
            rows();
        }
        watermark();
        marks(late(timeline), "late");
        marks(filtered(timeline), "filtered");
        return svg.append("</svg>").toString();
    }

    private void axes() {
        long span = maxTime - minTime;
        long step = TIME_STEPS[TIME_STEPS.length - 1];
        for (long candidate : TIME_STEPS) {
            if (span / candidate <= 7) {
                step = candidate;
                break;
            }
        }
        DateTimeFormatter format = span > 86_400_000L ? DAYS : step >= 60_000 ? MINUTES : SECONDS;
        for (long tick = Math.floorDiv(minTime, step) * step + step; tick < maxTime; tick += step) {
            double y = y(tick);
            svg.append("<line class=\"grid\" x1=\"")
                    .append(frame.left)
                    .append("\" x2=\"")
                    .append(frame.width - frame.right)
                    .append("\" y1=\"")
                    .append(f(y))
                    .append("\" y2=\"")
                    .append(f(y))
                    .append("\"/>");
            svg.append("<text class=\"tick\" x=\"")
                    .append(frame.left - 6)
                    .append("\" y=\"")
                    .append(f(y + 4))
                    .append("\" text-anchor=\"end\">")
                    .append(wallClock(tick).format(format))
                    .append("</text>");
        }
        int lines = maxLine - minLine + 1;
        int lineStep = 1;
        while (lines / lineStep > 10) {
            lineStep = nextLineStep(lineStep);
        }
        for (int line = (minLine + lineStep - 1) / lineStep * lineStep; line <= maxLine; line += lineStep) {
            double x = x(line);
            svg.append("<line class=\"grid\" x1=\"")
                    .append(f(x))
                    .append("\" x2=\"")
                    .append(f(x))
                    .append("\" y1=\"")
                    .append(frame.top)
                    .append("\" y2=\"")
                    .append(frame.height - frame.bottom)
                    .append("\"/>");
            svg.append("<text class=\"tick\" x=\"")
                    .append(f(x))
                    .append("\" y=\"")
                    .append(frame.height - frame.bottom + 15)
                    .append("\" text-anchor=\"middle\">")
                    .append(lineLabel(line))
                    .append("</text>");
        }
        svg.append("<text class=\"axis\" x=\"")
                .append(frame.left + plotWidth() / 2)
                .append("\" y=\"")
                .append(frame.height - 6)
                .append("\" text-anchor=\"middle\">fixture line (arrival order) \u2192</text>");
        svg.append("<text class=\"axis\" x=\"8\" y=\"")
                .append(frame.top - 8)
                .append("\" text-anchor=\"start\">\u2191 event time (")
                .append(Html.escape(timeline.timeZone()))
                .append(")</text>");
    }

    /** 950, 1k, 1.5k ... 1M: short enough for a tick. */
    private static String lineLabel(int line) {
        if (line >= 1_000_000 && line % 100_000 == 0) {
            return line % 1_000_000 == 0 ? line / 1_000_000 + "M" : line / 100_000 / 10.0 + "M";
        }
        if (line >= 10_000 && line % 1000 == 0) {
            return line / 1000 + "k";
        }
        return Integer.toString(line);
    }

    /** 1, 2, 5, 10, 20, 50, ... */
    private static int nextLineStep(int step) {
        return Integer.toString(step).charAt(0) == '2' ? step / 2 * 5 : step * 2;
    }

    private void windows() {
        List<FiredWindow> windows = timeline.windows();
        boolean each = windows.size() <= MAX_BANDS;
        StringBuilder fireMarks = new StringBuilder();
        int index = 0;
        for (FiredWindow window : windows) {
            double top = Math.max(frame.top, y(window.end()));
            double bottom = Math.min(frame.height - frame.bottom, y(window.start()));
            if (bottom <= top) {
                continue; // entirely outside the rows' times
            }
            double fired = window.atEndOfInput() ? frame.width - frame.right : x(window.line() + 0.5);
            if (!each) { // too many to draw one by one: where they fired, in one path
                fireMarks
                        .append('M')
                        .append(f(fired))
                        .append(' ')
                        .append(f(top))
                        .append('V')
                        .append(f(bottom));
                continue;
            }
            svg.append("<rect class=\"win w")
                    .append(index++ % 2)
                    .append("\" x=\"")
                    .append(frame.left)
                    .append("\" y=\"")
                    .append(f(top))
                    .append("\" width=\"")
                    .append(f(fired - frame.left))
                    .append("\" height=\"")
                    .append(f(bottom - top))
                    .append("\"/>");
            svg.append("<line class=\"fire\" x1=\"")
                    .append(f(fired))
                    .append("\" x2=\"")
                    .append(f(fired))
                    .append("\" y1=\"")
                    .append(f(top))
                    .append("\" y2=\"")
                    .append(f(bottom))
                    .append("\">");
            if (frame.full) {
                svg.append("<title>window [")
                        .append(time(window.start()))
                        .append(", ")
                        .append(time(window.end()))
                        .append(") ")
                        .append(
                                window.atEndOfInput()
                                        ? "fired at the end of the input"
                                        : "fired after line " + window.line())
                        .append("</title>");
            }
            svg.append("</line>");
        }
        if (!fireMarks.isEmpty()) {
            svg.append("<path class=\"fire\" d=\"").append(fireMarks).append("\"/>");
        }
    }

    private void rows() {
        boolean tooltips = frame.full;
        for (Point row : timeline.rows()) {
            svg.append("<circle class=\"row\" cx=\"")
                    .append(f(x(row.line())))
                    .append("\" cy=\"")
                    .append(f(y(row.time())))
                    .append("\" r=\"")
                    .append(frame.full ? "2.6" : "1.6")
                    .append('"');
            if (tooltips) {
                svg.append("><title>line ")
                        .append(row.line())
                        .append(": event time ")
                        .append(time(row.time()))
                        .append("</title></circle>");
            } else {
                svg.append("/>");
            }
        }
    }

    /** The sampled rows counted in a grid, one path per shade: a few kilobytes however many rows. */
    private void density() {
        int[][] counts = new int[DENSITY_ROWS][DENSITY_COLUMNS];
        int most = 0;
        for (Point row : timeline.rows()) {
            int column = (int) Math.min(
                    DENSITY_COLUMNS - 1, Math.max(0, (x(row.line()) - frame.left) / plotWidth() * DENSITY_COLUMNS));
            int cell = (int) Math.min(
                    DENSITY_ROWS - 1, Math.max(0, (y(row.time()) - frame.top) / plotHeight() * DENSITY_ROWS));
            most = Math.max(most, ++counts[cell][column]);
        }
        double cellWidth = (double) plotWidth() / DENSITY_COLUMNS;
        double cellHeight = (double) plotHeight() / DENSITY_ROWS;
        StringBuilder[] shades = {new StringBuilder(), new StringBuilder(), new StringBuilder(), new StringBuilder()};
        for (int r = 0; r < DENSITY_ROWS; r++) {
            int c = 0;
            while (c < DENSITY_COLUMNS) {
                int shade = shade(counts[r][c], most);
                int run = c + 1;
                while (run < DENSITY_COLUMNS && shade(counts[r][run], most) == shade) {
                    run++;
                }
                if (shade >= 0) {
                    shades[shade]
                            .append('M')
                            .append(f(frame.left + c * cellWidth))
                            .append(' ')
                            .append(f(frame.top + r * cellHeight))
                            .append('h')
                            .append(f((run - c) * cellWidth))
                            .append('v')
                            .append(f(cellHeight))
                            .append('h')
                            .append(f(-(run - c) * cellWidth))
                            .append('z');
                }
                c = run;
            }
        }
        for (int shade = 0; shade < shades.length; shade++) {
            if (!shades[shade].isEmpty()) {
                svg.append("<path class=\"density d")
                        .append(shade)
                        .append("\" d=\"")
                        .append(shades[shade])
                        .append("\"/>");
            }
        }
    }

    /** Four shades on a logarithmic scale; -1 for an empty cell. */
    private static int shade(int count, int most) {
        if (count == 0) {
            return -1;
        }
        return (int) Math.min(3, Math.floor(4 * Math.log1p(count) / Math.log1p(most + 0.001)));
    }

    /** The step line of the watermark, one point a pixel column at most, on to the right edge. */
    private void watermark() {
        List<Point> steps = timeline.watermarks();
        if (steps.isEmpty()) {
            return;
        }
        double[] xs = new double[steps.size()];
        double[] ys = new double[steps.size()];
        int points = 0;
        for (Point step : steps) {
            double x = Math.round(x(step.line() + 0.5) * 2) / 2.0;
            if (points == 0 || xs[points - 1] != x) {
                points++;
            }
            xs[points - 1] = x;
            ys[points - 1] = y(step.time()); // the last watermark of a pixel column is the one that shows
        }
        StringBuilder path = new StringBuilder("M").append(f(xs[0])).append(' ').append(f(ys[0]));
        for (int i = 1; i < points; i++) {
            path.append('H').append(f(xs[i])).append('V').append(f(ys[i]));
        }
        path.append('H').append(frame.width - frame.right);
        svg.append("<path class=\"wm\" d=\"").append(path).append("\">");
        if (frame.full) {
            svg.append("<title>watermark: ")
                    .append(steps.size())
                    .append(" steps, last ")
                    .append(time(steps.get(steps.size() - 1).time()))
                    .append("</title>");
        }
        svg.append("</path>");
    }

    /** A dropped or filtered row where the timeline draws it. */
    private record Drawn(int line, long eventTime, Long watermark, Long windowStart, Long windowEnd) {}

    private static List<Drawn> late(Timeline timeline) {
        return timeline.lateRows().stream()
                .map(row -> new Drawn(
                        row.fixtureLine(),
                        row.at().eventTime(),
                        row.at().watermark(),
                        row.at().windowStart(),
                        row.at().windowEnd()))
                .toList();
    }

    private static List<Drawn> filtered(Timeline timeline) {
        return timeline.filteredRows().stream()
                .map(mark -> new Drawn(mark.line(), mark.eventTime(), mark.watermark(), null, null))
                .toList();
    }

    private void marks(List<Drawn> marks, String kind) {
        int tooltips = frame.full ? MAX_TOOLTIPS : 0;
        for (Drawn mark : marks) {
            double x = x(mark.line());
            double y = y(mark.eventTime());
            double size = frame.full ? 4.5 : 2.5;
            if ("late".equals(kind)) {
                svg.append("<circle class=\"late\" cx=\"")
                        .append(f(x))
                        .append("\" cy=\"")
                        .append(f(y))
                        .append("\" r=\"")
                        .append(size)
                        .append('"');
            } else {
                svg.append("<path class=\"filtered\" d=\"M")
                        .append(f(x))
                        .append(' ')
                        .append(f(y - size))
                        .append("l")
                        .append(size)
                        .append(' ')
                        .append(size)
                        .append(' ')
                        .append(-size)
                        .append(' ')
                        .append(size)
                        .append(' ')
                        .append(-size)
                        .append(' ')
                        .append(-size)
                        .append("z\"");
            }
            svg.append(" data-line=\"").append(mark.line()).append('"');
            if (tooltips-- > 0) {
                svg.append("><title>")
                        .append(tooltip(mark, kind))
                        .append("</title></")
                        .append("late".equals(kind) ? "circle" : "path")
                        .append('>');
            } else {
                svg.append("/>");
            }
        }
    }

    /** Lines of a dropped or filtered row's tooltip: where it is, its time, the watermark it met, what became of it. */
    private String tooltip(Drawn mark, String kind) {
        StringBuilder text = new StringBuilder(Html.escape(timeline.fixture()))
                .append(':')
                .append(mark.line())
                .append("\nevent time ")
                .append(time(mark.eventTime()))
                .append("\nmet watermark ")
                .append(mark.watermark() == null ? "NULL (none yet)" : time(mark.watermark()));
        if ("late".equals(kind)) {
            text.append(
                    mark.windowStart() == null
                            ? "\ndropped as late"
                            : "\ndropped: missed window [" + time(mark.windowStart()) + ", " + time(mark.windowEnd())
                                    + ")");
        } else {
            text.append("\nfiltered out by CURRENT_WATERMARK");
        }
        return text.toString();
    }

    private double x(double line) {
        return frame.left + (line - minLine + 0.5) / (maxLine - minLine + 1) * plotWidth();
    }

    private double y(long time) {
        return frame.top + (double) (maxTime - time) / (maxTime - minTime) * plotHeight();
    }

    private int plotWidth() {
        return frame.width - frame.left - frame.right;
    }

    private int plotHeight() {
        return frame.height - frame.top - frame.bottom;
    }

    private static String f(double value) {
        long tenths = Math.round(value * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : (tenths / 10.0 + "");
    }

    static LocalDateTime wallClock(long millis) {
        return LocalDateTime.ofEpochSecond(
                Math.floorDiv(millis, 1000L), (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC);
    }

    /** A wall-clock time as the rows print it. */
    static String time(long millis) {
        return wallClock(millis).format(FULL);
    }
}
