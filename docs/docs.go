// Package docs embeds the documents the api serves: the external API's OpenAPI
// description (GET /api/openapi.yaml).
package docs

import _ "embed"

// OpenAPI is docs/openapi.yaml.
//
//go:embed openapi.yaml
var OpenAPI []byte
