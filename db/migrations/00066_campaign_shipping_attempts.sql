-- +goose Up
-- A campaign send that fails for its number (not for the connection) is tried again a few
-- times, by whichever worker runs the next tick; the tries are counted on the shipping, and
-- past the bound it fails as a refused number does and the campaign goes on (pkg/campaign).
ALTER TABLE campaign_shippings ADD COLUMN attempts integer NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE campaign_shippings DROP COLUMN attempts;
