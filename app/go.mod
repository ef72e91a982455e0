// This directory is a Node.js project. This file makes it a separate Go
// module so that `go test ./...` and `go vet ./...` at the repository root
// never descend into node_modules (some npm packages ship .go files).
module stageshop/app

go 1.26
