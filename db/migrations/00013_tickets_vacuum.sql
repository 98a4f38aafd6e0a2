-- +goose Up
-- Tab counts and pages are index-only scans of the recency index, which read the heap for
-- every page not marked all-visible. Every message updates its ticket, so with the default
-- (a vacuum after a fifth of the table changed: 200,000 rows of a million) a busy day left
-- most of the tab's pages unmarked. Vacuum after 2 % instead.
ALTER TABLE tickets SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);

-- +goose Down
ALTER TABLE tickets RESET (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor);
