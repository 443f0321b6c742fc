package org.flinkcookbook.sql;

import java.util.Arrays;
import java.util.Optional;

/**
 * What the plugin knows of the connectors recipes name that are not on its class path, one row a
 * connector: whether a table of it talks to a server (so reading one without a fixture would open a
 * connection: guard.RecipeGuard refuses it), which changes a sink of it takes and whether a table
 * of it can be looked up (so that the stand-in flink.StandIns plans in its place is planned as
 * Flink would plan the connector). A connector not listed is planned as taking every change and
 * allowing lookups.
 */
public enum KnownConnector {
    KAFKA("kafka", true, Sink.APPEND, false),
    UPSERT_KAFKA("upsert-kafka", true, Sink.UPSERT, false),
    JDBC("jdbc", true, Sink.UPSERT, true),
    ELASTICSEARCH_6("elasticsearch-6", true, Sink.UPSERT, true),
    ELASTICSEARCH_7("elasticsearch-7", true, Sink.UPSERT, true),
    OPENSEARCH("opensearch", true, Sink.UPSERT, true),
    HBASE_1_4("hbase-1.4", true, Sink.UPSERT, true),
    HBASE_2_2("hbase-2.2", true, Sink.UPSERT, true),
    KINESIS("kinesis", true, Sink.APPEND, false),
    FIREHOSE("firehose", true, Sink.APPEND, true),
    PULSAR("pulsar", true, Sink.APPEND, false),
    RABBITMQ("rabbitmq", true, Sink.ALL, true),
    MONGODB("mongodb", true, Sink.UPSERT, true),
    CASSANDRA("cassandra", true, Sink.ALL, true),
    SOCKET("socket", true, Sink.ALL, true),
    HTTP("http", true, Sink.ALL, true),
    MYSQL_CDC("mysql-cdc", true, Sink.ALL, true),
    POSTGRES_CDC("postgres-cdc", true, Sink.ALL, true),
    ORACLE_CDC("oracle-cdc", true, Sink.ALL, true),
    SQLSERVER_CDC("sqlserver-cdc", true, Sink.ALL, true),
    MONGODB_CDC("mongodb-cdc", true, Sink.ALL, true),
    REDIS("redis", true, Sink.ALL, true),
    DYNAMODB("dynamodb", true, Sink.ALL, true),
    HIVE("hive", true, Sink.ALL, true),
    FILESYSTEM("filesystem", false, Sink.APPEND, false),
    DATAGEN("datagen", false, Sink.ALL, false);

    /** The changes a sink of a connector takes. */
    public enum Sink {
        /** Appends only, unless a changelog format encodes the changes. */
        APPEND,
        /** Upserts by primary key. */
        UPSERT,
        /** Every change (or not known). */
        ALL
    }

    private final String identifier;
    private final boolean talksToServer;
    private final Sink sink;
    private final boolean lookup;

    KnownConnector(String identifier, boolean talksToServer, Sink sink, boolean lookup) {
        this.identifier = identifier;
        this.talksToServer = talksToServer;
        this.sink = sink;
        this.lookup = lookup;
    }

    /** The connector a table's {@code connector} option names, exactly; empty when it is not listed. */
    public static Optional<KnownConnector> named(String connector) {
        return Arrays.stream(values())
                .filter(known -> known.identifier.equals(connector))
                .findFirst();
    }

    /** The connector's factory identifier, as a table's {@code connector} option names it. */
    public String identifier() {
        return identifier;
    }

    /** Whether a table of it reads from or writes to a server. */
    public boolean talksToServer() {
        return talksToServer;
    }

    public Sink sink() {
        return sink;
    }

    /** Whether a table of it can be looked up in a lookup join. */
    public boolean lookup() {
        return lookup;
    }
}
