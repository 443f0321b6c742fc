package org.flinkcookbook.io;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.util.Locale;

/**
 * JSON's own escapes, and {@code \\uXXXX} for the characters {@link ControlCharacters#actedOn} that
 * JSON lets through as they are (DEL, C1's single-character CSI and NEL, the Unicode line
 * separators): a value stays the same value for a reader, but never reaches a terminal that prints
 * the file raw.
 */
public final class ControlEscapes extends CharacterEscapes {

    private final int[] ascii;

    public ControlEscapes() {
        ascii = CharacterEscapes.standardAsciiEscapesForJSON();
        ascii[0x7F] = CharacterEscapes.ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int c) {
        return ControlCharacters.actedOn(c) ? new SerializedString(String.format(Locale.ROOT, "\\u%04X", c)) : null;
    }
}
