-- Bytes of photos each client staged on a UTC day (a plain form's photos, kept until it is
-- confirmed), keyed by an HMAC of the client's address with the server's secret, never the
-- address itself. Deleted after a few days by the retention job.
CREATE TABLE photo_staging (
  day date NOT NULL,
  client text NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (day, client)
);
