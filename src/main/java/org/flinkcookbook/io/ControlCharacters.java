package org.flinkcookbook.io;

/**
 * The characters of recipe text that a terminal or a CI log acts on instead of showing: every
 * control character (C0 with tab, newline and carriage return, DEL, C1 with its single-character
 * CSI and NEL) and the Unicode line and paragraph separators. The reports, the JSON and the log
 * lines each show them their own way, but all of them these.
 */
public final class ControlCharacters {

    private ControlCharacters() {}

    /** True for a character a terminal or a log viewer would act on. */
    public static boolean actedOn(int c) {
        return Character.getType(c) == Character.CONTROL || c == '\u2028' || c == '\u2029';
    }

    /** {@code text} with every such character but tab shown as {@code shown}; the same string when it has none. */
    public static String replaced(String text, String shown) {
        StringBuilder clean = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean replace = c != '\t' && actedOn(c);
            if (replace && clean == null) {
                clean = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (clean != null) {
                if (replace) {
                    clean.append(shown);
                } else {
                    clean.append(c);
                }
            }
        }
        return clean == null ? text : clean.toString();
    }
}
