package org.flinkcookbook.result;

/** The change a row carries, printed as the Flink SQL client prints it. */
public enum RowKind {
    INSERT("+I"),
    UPDATE_BEFORE("-U"),
    UPDATE_AFTER("+U"),
    DELETE("-D");

    private final String symbol;

    RowKind(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public static RowKind ofSymbol(String symbol) {
        for (RowKind kind : values()) {
            if (kind.symbol.equals(symbol)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown row kind '" + symbol + "' (expected +I, -U, +U or -D)");
    }
}
