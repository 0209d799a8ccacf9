/**
 * The relay's schema, numbered and append-only: migration N is MIGRATIONS[N - 1], and a
 * migration once released is never edited (sql-store.ts runs each once per database).
 */

/** Any number, distinct from the migrations' lock: archive appends take turns under it, across instances. */
export const ARCHIVE_LOCK = 7_114_151_403;

export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE analyst_keys (
     name text PRIMARY KEY,
     key_id text NOT NULL UNIQUE,
     salt bytea NOT NULL,
     hash bytea NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     revoked_at timestamptz
   );
   CREATE TABLE audit (
     id bigserial PRIMARY KEY,
     at timestamptz NOT NULL,
     analyst text NOT NULL,
     method text NOT NULL,
     query jsonb NOT NULL,
     listdata text,
     served_by text,
     idrequest text,
     verdict text,
     hits jsonb NOT NULL,
     duration_ms integer NOT NULL,
     from_cache boolean NOT NULL,
     error_code integer,
     status integer NOT NULL,
     instance text NOT NULL
   );
   CREATE INDEX audit_at ON audit (at);
   CREATE INDEX audit_analyst_at ON audit (analyst, at);
   CREATE TABLE cache_kv (
     key text PRIMARY KEY,
     value text NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE counters (
     name text PRIMARY KEY,
     n bigint NOT NULL,
     expires_at timestamptz NOT NULL
   );`,
  // The answer cache as one row per subject (the key-value table held every entry and an index
  // of them all, rewritten by each write), and subject claims in place of advisory locks that
  // held a pooled connection for as long as the service took to answer. Claims live seconds:
  // unlogged, so taking one costs no WAL flush.
  `DROP TABLE cache_kv;
   CREATE TABLE answers (
     key text PRIMARY KEY,
     subject text NOT NULL,
     listdata bigint NOT NULL,
     served_by text NOT NULL,
     stored_at bigint NOT NULL,
     raw text NOT NULL
   );
   CREATE INDEX answers_stored_at ON answers (stored_at);
   CREATE UNLOGGED TABLE subject_claims (
     name text PRIMARY KEY,
     owner text NOT NULL,
     expires_at timestamptz NOT NULL
   );`,
  // Rows are written "asked" before the service is asked and completed after (port.ts AuditState).
  `ALTER TABLE audit ADD COLUMN state text NOT NULL DEFAULT 'answered';
   UPDATE audit SET state = 'refused' WHERE status <> 200;`,
  // A revoked analyst gets a new key under the same name (one audit history per person): a name
  // is unique among keys in force only, and the revoked rows stay as the keys' history.
  `ALTER TABLE analyst_keys DROP CONSTRAINT analyst_keys_pkey;
   ALTER TABLE analyst_keys ADD PRIMARY KEY (key_id);
   ALTER TABLE analyst_keys DROP CONSTRAINT IF EXISTS analyst_keys_key_id_key;
   CREATE UNIQUE INDEX analyst_keys_name_in_force ON analyst_keys (name) WHERE revoked_at IS NULL;`,
  // The answer archive (docs/relay.md, "The answer archive"): every paid answer's bytes in one
  // hash chain for every instance. Appends take turns under an advisory lock held to commit, so
  // ids (drawn under it) are the chain's order. A row's chain hash covers the previous row's,
  // the answer's digest and the row's own fields, so that no byte of a row, and no row, can be
  // changed or removed without verify naming it. Triggers refuse UPDATE, TRUNCATE and DELETE,
  // except a prune's: rows below a recorded cut, and a cut only of rows a year old or more.
  `CREATE TABLE answer_archive (
     id bigint PRIMARY KEY,
     audit_id bigint NOT NULL REFERENCES audit (id),
     received_at timestamptz NOT NULL,
     analyst text NOT NULL,
     request text NOT NULL,
     answer bytea NOT NULL,
     answer_sha256 bytea NOT NULL,
     chain bytea NOT NULL
   );
   CREATE SEQUENCE answer_archive_id_seq OWNED BY answer_archive.id;
   CREATE INDEX answer_archive_received_at ON answer_archive (received_at);
   CREATE TABLE archive_cuts (
     id bigserial PRIMARY KEY,
     cut_at timestamptz NOT NULL DEFAULT now(),
     removed_before timestamptz NOT NULL,
     first_kept bigint NOT NULL,
     chain bytea NOT NULL,
     rows_removed bigint NOT NULL
   );
   ALTER TABLE audit ADD COLUMN archive_id bigint;
   ALTER TABLE answers ADD COLUMN archive_id bigint;

   CREATE FUNCTION archive_row_hash(prev bytea, digest bytea, id bigint, audit_id bigint, received_at timestamptz,
                                    analyst text, request text) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
     SELECT sha256(prev || digest || sha256(convert_to(concat_ws(E'\n', id, audit_id,
       (extract(epoch FROM received_at) * 1000)::bigint, analyst, request), 'UTF8')))
   $$;

   CREATE FUNCTION archive_append(p_audit bigint[], p_received timestamptz[], p_analyst text[], p_request text[],
                                  p_answer bytea[]) RETURNS TABLE (n integer, archive_id bigint) LANGUAGE plpgsql AS $$
   DECLARE
     head bytea;
     new_id bigint;
     digest bytea;
   BEGIN
     PERFORM pg_advisory_xact_lock(${ARCHIVE_LOCK});
     SELECT a.chain INTO head FROM answer_archive a ORDER BY a.id DESC LIMIT 1;
     IF head IS NULL THEN
       SELECT c.chain INTO head FROM archive_cuts c ORDER BY c.id DESC LIMIT 1;
     END IF;
     head := coalesce(head, decode(repeat('00', 32), 'hex'));
     FOR i IN 1 .. coalesce(array_length(p_answer, 1), 0) LOOP
       new_id := nextval('answer_archive_id_seq');
       digest := sha256(p_answer[i]);
       head := archive_row_hash(head, digest, new_id, p_audit[i], p_received[i], p_analyst[i], p_request[i]);
       INSERT INTO answer_archive VALUES (new_id, p_audit[i], p_received[i], p_analyst[i], p_request[i], p_answer[i],
                                          digest, head);
       n := i;
       archive_id := new_id;
       RETURN NEXT;
     END LOOP;
   END $$;

   CREATE FUNCTION archive_guard() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'answer_archive'
        AND OLD.id < (SELECT coalesce(max(c.first_kept), 0) FROM archive_cuts c) THEN
       RETURN OLD;
     END IF;
     RAISE EXCEPTION 'the answer archive is append-only: % refused on %', TG_OP, TG_TABLE_NAME
       USING ERRCODE = 'insufficient_privilege';
   END $$;
   CREATE TRIGGER answer_archive_append_only BEFORE UPDATE OR DELETE ON answer_archive
     FOR EACH ROW EXECUTE FUNCTION archive_guard();
   CREATE TRIGGER answer_archive_no_truncate BEFORE TRUNCATE ON answer_archive
     FOR EACH STATEMENT EXECUTE FUNCTION archive_guard();
   CREATE TRIGGER archive_cuts_append_only BEFORE UPDATE OR DELETE ON archive_cuts
     FOR EACH ROW EXECUTE FUNCTION archive_guard();
   CREATE TRIGGER archive_cuts_no_truncate BEFORE TRUNCATE ON archive_cuts
     FOR EACH STATEMENT EXECUTE FUNCTION archive_guard();

   CREATE FUNCTION archive_cut_guard() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.removed_before > now() - interval '1 year' THEN
       RAISE EXCEPTION 'an archive prune keeps at least a year' USING ERRCODE = 'insufficient_privilege';
     END IF;
     IF EXISTS (SELECT 1 FROM answer_archive a WHERE a.id < NEW.first_kept AND a.received_at >= NEW.removed_before) THEN
       RAISE EXCEPTION 'an archive cut may only remove rows received before it' USING ERRCODE = 'insufficient_privilege';
     END IF;
     RETURN NEW;
   END $$;
   CREATE TRIGGER archive_cuts_checked BEFORE INSERT ON archive_cuts FOR EACH ROW EXECUTE FUNCTION archive_cut_guard();

   CREATE FUNCTION archive_prune(p_before timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
   DECLARE
     keep bigint;
     cut bytea;
     removed bigint;
   BEGIN
     PERFORM pg_advisory_xact_lock(${ARCHIVE_LOCK});
     SELECT coalesce(min(a.id), (SELECT coalesce(max(b.id), 0) + 1 FROM answer_archive b)) INTO keep
       FROM answer_archive a WHERE a.received_at >= p_before;
     SELECT a.chain INTO cut FROM answer_archive a WHERE a.id < keep ORDER BY a.id DESC LIMIT 1;
     IF cut IS NULL THEN
       RETURN 0;
     END IF;
     SELECT count(*) INTO removed FROM answer_archive a WHERE a.id < keep;
     INSERT INTO archive_cuts (removed_before, first_kept, chain, rows_removed) VALUES (p_before, keep, cut, removed);
     DELETE FROM answer_archive a WHERE a.id < keep;
     RETURN removed;
   END $$;`,
  // Roles (../roles.ts): every key made before them is an analyst's.
  `ALTER TABLE analyst_keys ADD COLUMN role text NOT NULL DEFAULT 'analyst'
     CHECK (role IN ('analyst', 'approver', 'auditor', 'admin'));`,
  // The decision record (../decisions.ts): append-only like the archive.
  `CREATE TABLE decisions (
     id bigserial PRIMARY KEY,
     at timestamptz NOT NULL DEFAULT now(),
     kind text NOT NULL CHECK (kind IN ('decision', 'approval')),
     analyst text NOT NULL,
     subject_key text NOT NULL,
     subject jsonb NOT NULL,
     registry text NOT NULL,
     record text NOT NULL,
     fingerprint text NOT NULL,
     decision text NOT NULL,
     reason text,
     comment text NOT NULL,
     needs_approval boolean NOT NULL,
     approves bigint REFERENCES decisions (id),
     instance text NOT NULL
   );
   CREATE INDEX decisions_subject ON decisions (subject_key, id);
   CREATE INDEX decisions_at ON decisions (at);
   CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION 'the % record is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
   END $$;
   CREATE TRIGGER decisions_append_only BEFORE UPDATE OR DELETE ON decisions FOR EACH ROW EXECUTE FUNCTION append_only();
   CREATE TRIGGER decisions_no_truncate BEFORE TRUNCATE ON decisions FOR EACH STATEMENT EXECUTE FUNCTION append_only();`,
  // Whether the answer reached the client (../http-server.ts): true once the whole reply was handed
  // to the connection, false when the connection closed first, NULL while not known (or before this).
  `ALTER TABLE audit ADD COLUMN delivered boolean;`,
  // A subject's claim and the shared cache's row for it in one round trip (../claimed-search.ts).
  // Two statements in a function, not one: each takes its own snapshot, so the read sees an answer
  // whose holder stored it and gave the claim back while the claim waited for that row.
  `CREATE FUNCTION claim_and_read(p_names text[], p_owners text[], p_hold_ms integer, p_keys text[])
     RETURNS TABLE (claim_name text, claim_owner text, key text, subject text, listdata bigint, served_by text,
                    stored_at bigint, raw text, archive_id bigint) LANGUAGE plpgsql AS $$
   BEGIN
     RETURN QUERY
       WITH c AS (
         INSERT INTO subject_claims AS s (name, owner, expires_at)
         SELECT v.name, v.owner, now() + p_hold_ms * interval '1 millisecond'
           FROM unnest(p_names, p_owners) AS v (name, owner) ORDER BY v.name
         ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
           WHERE s.expires_at < now()
         RETURNING s.name, s.owner)
       SELECT c.name, c.owner, NULL::text, NULL::text, NULL::bigint, NULL::text, NULL::bigint, NULL::text, NULL::bigint
         FROM c;
     RETURN QUERY
       SELECT NULL::text, NULL::text, a.key, a.subject, a.listdata, a.served_by, a.stored_at, a.raw, a.archive_id
         FROM answers a WHERE a.key = ANY(p_keys);
   END $$;`,
  // The shared cache is no evidence (every answer in it is in the archive): unlogged, an entry
  // rides along with an audit commit without adding its text to the WAL that commit flushes. A
  // crash of the database empties it, and the next request for each subject is paid again.
  `ALTER TABLE answers SET UNLOGGED;`,
  // Whether a reply reached its client, as a narrow row of its own rather than a second UPDATE of
  // the audit row: that rewrote the whole row (query and hits included) and cost PostgreSQL
  // 0.07–0.08 ms per request, this insert 0.01
  // (bench/results/2026-11-26-session16-relay-appended-trail.txt). Rows written before keep their
  // answer in audit.delivered; readers take this table's first. No foreign key: a delivery is only
  // ever written for a row already durable, and audit rows are never removed, while the key's
  // check would cost each insert a look-up.
  `CREATE TABLE audit_deliveries (audit_id bigint PRIMARY KEY, delivered boolean NOT NULL);`,
  // A request's outcome, likewise a row of its own beside its "asked" row rather than an UPDATE
  // of it: an update writes the whole row again and leaves the old one for vacuum (PostgreSQL
  // 0.12–0.13 ms per request for the asked row and its outcome, against 0.05–0.06 with this
  // insert, in the same file). So the trail's rows are added, not rewritten (but for the rare
  // second outcome of one row, a refusal after its answer was archived, which replaces the
  // first). Rows completed before keep their outcome in their own columns; readers take this
  // table's row when there is one (sql-store.ts). No foreign key, as for deliveries.
  `CREATE TABLE audit_outcomes (
     audit_id bigint PRIMARY KEY,
     state text NOT NULL,
     served_by text,
     idrequest text,
     verdict text,
     hits jsonb NOT NULL,
     duration_ms integer NOT NULL,
     from_cache boolean NOT NULL,
     error_code integer,
     status integer NOT NULL,
     archive_id bigint
   );`,
  // An archive chain of each relay that keeps its own (../archive-chain.ts: one per spool folder,
  // so that by URL, too, a paid answer is made durable in the relay's spool rather than a commit);
  // NULL is the database's chain, appended to under its lock. Verify walks each chain apart; a
  // prune records a cut for each chain it removes rows of.
  `ALTER TABLE answer_archive ADD COLUMN chain_id text;
   ALTER TABLE archive_cuts ADD COLUMN chain_id text;
   CREATE INDEX answer_archive_chain_head ON answer_archive (chain_id, id);

   -- The chain's head in the index's own order, planned so whatever the table held when the plan
   -- was made: planned on an empty table (the pools force generic plans), the head query fetched
   -- every row of the chain through a bitmap and sorted them, and an append grew from 0.5 ms to
   -- 1.7 ms in 4,000 rows (a test holds it).
   CREATE OR REPLACE FUNCTION archive_append(p_audit bigint[], p_received timestamptz[], p_analyst text[],
                                             p_request text[], p_answer bytea[])
     RETURNS TABLE (n integer, archive_id bigint) LANGUAGE plpgsql
     SET enable_bitmapscan = off SET enable_sort = off SET enable_seqscan = off AS $$
   DECLARE
     head bytea;
     new_id bigint;
     digest bytea;
   BEGIN
     PERFORM pg_advisory_xact_lock(${ARCHIVE_LOCK});
     SELECT a.chain INTO head FROM answer_archive a WHERE a.chain_id IS NULL
       ORDER BY a.chain_id DESC NULLS FIRST, a.id DESC LIMIT 1;
     IF head IS NULL THEN
       SELECT c.chain INTO head FROM archive_cuts c WHERE c.chain_id IS NULL ORDER BY c.id DESC LIMIT 1;
     END IF;
     head := coalesce(head, decode(repeat('00', 32), 'hex'));
     FOR i IN 1 .. coalesce(array_length(p_answer, 1), 0) LOOP
       new_id := nextval('answer_archive_id_seq');
       digest := sha256(p_answer[i]);
       head := archive_row_hash(head, digest, new_id, p_audit[i], p_received[i], p_analyst[i], p_request[i]);
       INSERT INTO answer_archive (id, audit_id, received_at, analyst, request, answer, answer_sha256, chain)
         VALUES (new_id, p_audit[i], p_received[i], p_analyst[i], p_request[i], p_answer[i], digest, head);
       n := i;
       archive_id := new_id;
       RETURN NEXT;
     END LOOP;
   END $$;

   CREATE OR REPLACE FUNCTION archive_prune(p_before timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
   DECLARE
     keep bigint;
     removed bigint;
   BEGIN
     PERFORM pg_advisory_xact_lock(${ARCHIVE_LOCK});
     SELECT coalesce(min(a.id), (SELECT coalesce(max(b.id), 0) + 1 FROM answer_archive b)) INTO keep
       FROM answer_archive a WHERE a.received_at >= p_before;
     SELECT count(*) INTO removed FROM answer_archive a WHERE a.id < keep;
     IF removed = 0 THEN
       RETURN 0;
     END IF;
     INSERT INTO archive_cuts (removed_before, first_kept, chain, rows_removed, chain_id)
       SELECT p_before, keep,
              (SELECT b.chain FROM answer_archive b
                WHERE b.chain_id IS NOT DISTINCT FROM g.chain_id AND b.id < keep ORDER BY b.id DESC LIMIT 1),
              g.removed, g.chain_id
         FROM (SELECT a.chain_id, count(*) AS removed FROM answer_archive a WHERE a.id < keep GROUP BY a.chain_id) g;
     DELETE FROM answer_archive a WHERE a.id < keep;
     RETURN removed;
   END $$;`,
  // What "why this hit" suggested when the analyst decided ("true-match:name-and-birth-date"): an
  // approver sees a decision that goes against it.
  `ALTER TABLE decisions ADD COLUMN suggested text;`,
  // Why the hit was a hit as the analyst saw it when deciding (the explanation's facts, one line
  // each): the approver judges the decision on them rather than on its author's word.
  `ALTER TABLE decisions ADD COLUMN why jsonb;`,
  // Four-eyes' "no": an approver returns a waiting decision for review. The return is a decision
  // of its own (needs review, by the approver, with why), so the hit is open again everywhere, and
  // names the decision it returned.
  `ALTER TABLE decisions ADD COLUMN returns bigint REFERENCES decisions (id);
   CREATE INDEX decisions_returns ON decisions (returns) WHERE returns IS NOT NULL;`,
];
