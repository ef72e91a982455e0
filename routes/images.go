package routes

import (
	"errors"
	"net/http"
	"regexp"
	"slices"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"

	"stageshop/shop/artwork"
	"stageshop/shop/catalog"
)

// storedName is the shape of a file name PocketBase generates on upload
// (name_random.ext). Anything else, such as "../" tricks, is not an image.
var storedName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}$`)

var (
	placeholderOnce sync.Once
	placeholderJPEG []byte

	// thumbs makes each missing thumbnail once, however many ask for it.
	thumbs singleflight.Group
)

func registerImages(se *core.ServeEvent) {
	se.Router.Bind(guardFileRouteThumbs())
	g := shopGroup(se, "/images")
	g.GET("/placeholder.jpg", func(e *core.RequestEvent) error {
		placeholderOnce.Do(func() { placeholderJPEG = artwork.Placeholder() })
		e.Response.Header().Set("Cache-Control", "public, max-age=86400")
		return e.Blob(http.StatusOK, "image/jpeg", placeholderJPEG)
	}).Bind(quietRead())
	g.GET("/products/{name}", serveProductImage).Bind(quietRead())
}

// serveProductImage streams a stored product image, or a thumbnail of it
// from the fixed list of sizes.
func serveProductImage(e *core.RequestEvent) error {
	name := e.Request.PathValue("name")
	if !storedName.MatchString(name) {
		return notFound("Image not found")
	}
	rec, err := e.App.FindFirstRecordByFilter(catalog.ProductImagesCollection, "file = {:name}", dbx.Params{"name": name})
	if err != nil {
		return notFound("Image not found")
	}

	fsys, err := e.App.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()

	base := rec.BaseFilesPath()
	servedPath, servedName := base+"/"+name, name
	if thumb := e.Request.URL.Query().Get("thumb"); thumb != "" {
		if _, field, err := catalog.ImageField(e.App); err != nil || !slices.Contains(field.Thumbs, thumb) {
			return newError(http.StatusBadRequest, "invalid_thumb", "Unknown thumbnail size")
		}
		thumbName := thumb + "_" + name
		thumbPath := base + "/thumbs_" + name + "/" + thumbName
		if ok, _ := fsys.Exists(thumbPath); !ok {
			_, err, _ = thumbs.Do(thumbPath, func() (any, error) {
				return nil, createThumb(e.Request.Context(), fsys, base+"/"+name, thumbPath, thumb)
			})
		}
		if err == nil {
			servedPath, servedName = thumbPath, thumbName
		} else if !errors.Is(err, errThumbFailedBefore) {
			e.App.Logger().Warn("thumbnail failed, serving the original", "error", err.Error(), "file", name)
		}
	}

	// Stored names are unique and never reused, so the bytes never change.
	e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	e.Response.Header().Del("X-Frame-Options")
	if err := fsys.Serve(e.Response, e.Request, servedPath, servedName); err != nil {
		return notFound("Image not found")
	}
	return nil
}
