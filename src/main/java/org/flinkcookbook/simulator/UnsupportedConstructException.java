package org.flinkcookbook.simulator;

import org.apache.calcite.sql.parser.SqlParserPos;

/** The recipe uses a construct the simulator does not model; never a silent pass. */
public class UnsupportedConstructException extends SimulationException {

    public UnsupportedConstructException(SqlParserPos position, String construct) {
        super(position, construct);
    }

    /** The construct, as in "unsupported by the simulator: <construct>". */
    public String construct() {
        return getMessage();
    }
}
