package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/publicnet"
)

// An import's images and variantImages columns may name https URLs of
// public images beside uploaded file names (api.md, Categories): each URL
// is fetched once, before any row is checked, with the upload's rules
// (size, type, dimensions) and the webhooks' address rules (publicnet: no
// loopback, private or link-local target unless
// STAGESHOP_WEBHOOKS_ALLOW_PRIVATE=1); a URL that fails is an error of the
// first row naming it, and then nothing is written. The images are stored
// inside the batches' transactions, so a rolled-back check or a failed
// batch leaves no image behind.

// Limits of an import's image URLs.
const (
	MaxImportImageURLs  = 1000             // distinct URLs in one file
	importFetchTimeout  = 20 * time.Second // one image, connection to last byte
	importFetchParallel = 4
)

// importImages are the fetched images of one import and, while writing,
// the names they were stored under by committed batches.
type importImages struct {
	data   map[string][]byte // URL -> the image's bytes
	stored map[string]string // URL -> stored name (write phase, committed)
}

// isImageURL reports whether a member of an images cell is a URL to fetch
// rather than an uploaded file's name.
func isImageURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://")
}

// imageURLCells are the columns whose members may be URLs.
var imageURLCells = []string{"images", "variantImages"}

// imageUse is where an image URL is first named: its group, row and column.
type imageUse struct {
	group *importGroup
	row   importRow
	col   string
}

// fetchImportImages fetches every distinct image URL of the groups that
// passed their value checks; a URL that cannot be used is an error of the
// first row naming it, and its group is marked bad.
func fetchImportImages(app core.App, groups []*importGroup) (*importImages, []ImportError) {
	imgs := &importImages{data: map[string][]byte{}, stored: map[string]string{}}
	order, first, errs := collectImageURLs(groups)
	if len(order) == 0 {
		return imgs, errs
	}
	_, fileField, err := ImageField(app)
	if err != nil {
		return imgs, append(errs, ImportError{Row: first[order[0]].row.line, Field: "images", Message: "Images cannot be stored"})
	}
	data, results := fetchImagesParallel(fileField, order)
	for i, u := range order {
		if results[i] != nil {
			at := first[u]
			errs = append(errs, ImportError{Row: at.row.line, Field: at.col, Message: fmt.Sprintf("Image %s: %v", u, results[i])})
			at.group.bad = true
			continue
		}
		imgs.data[u] = data[i]
	}
	return imgs, errs
}

// collectImageURLs lists the distinct image URLs of the good groups in
// the order the file names them, each with where it is first named; past
// MaxImportImageURLs a row's URL is its error and its group is bad.
func collectImageURLs(groups []*importGroup) (order []string, first map[string]imageUse, errs []ImportError) {
	first = map[string]imageUse{}
	for _, g := range groups {
		if g.bad {
			continue
		}
		for _, r := range g.rows {
			for _, col := range imageURLCells {
				for _, m := range splitList(r.col[col]) {
					if _, seen := first[m]; seen || !isImageURL(m) {
						continue
					}
					if len(order) == MaxImportImageURLs {
						errs = append(errs, ImportError{Row: r.line, Field: col,
							Message: fmt.Sprintf("At most %d image URLs can be imported at once", MaxImportImageURLs)})
						g.bad = true
						continue
					}
					first[m] = imageUse{g, r, col}
					order = append(order, m)
				}
			}
		}
	}
	return order, first, errs
}

// fetchImagesParallel fetches the URLs importFetchParallel at a time: each
// one's bytes, or why it cannot be used.
func fetchImagesParallel(fileField *core.FileField, urls []string) ([][]byte, []error) {
	client := publicnet.NewClient(importFetchTimeout)
	defer client.CloseIdleConnections()
	results := make([]error, len(urls))
	data := make([][]byte, len(urls))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(importFetchParallel, len(urls)) {
		wg.Go(func() {
			for i := range next {
				data[i], results[i] = fetchImage(client, fileField, urls[i])
			}
		})
	}
	for i := range urls {
		next <- i
	}
	close(next)
	wg.Wait()
	return data, results
}

// fetchImage gets one image URL and checks it as an upload is checked;
// the error says why in the admin's words.
func fetchImage(client *http.Client, f *core.FileField, url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), importFetchTimeout)
	defer cancel()
	if err := publicnet.CheckURL(ctx, url); err != nil {
		return nil, errors.New("only https addresses of public servers can be fetched")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, errors.New("not a valid address")
	}
	req.Header.Set("User-Agent", "StageShop-Import/1")
	resp, err := client.Do(req)
	if err != nil {
		return nil, errors.New("could not be fetched (no answer from its server, or refused)")
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("its server answered %d", resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, f.MaxSize+1))
	if err != nil {
		return nil, errors.New("could not be fetched whole")
	}
	if int64(len(b)) > f.MaxSize {
		return nil, fmt.Errorf("larger than %d MB", f.MaxSize/(1<<20))
	}
	if _, err := checkImageBytes(f, b); err != nil {
		return nil, errors.New(strings.TrimSuffix(err.Error(), "."))
	}
	return b, nil
}

// checkImageBytes is the upload's rule on an image's bytes: an accepted
// type by the bytes (sniffed, then decoded), never a name or a header,
// and dimensions within the limits.
func checkImageBytes(f *core.FileField, data []byte) (kind string, err error) {
	kind = http.DetectContentType(data)
	if !slices.Contains(f.MimeTypes, kind) {
		return "", ErrNotAnImage
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || "image/"+format != kind {
		return "", ErrNotAnImage
	}
	if !ImageFits(cfg) {
		return "", ErrImageTooLarge
	}
	return kind, nil
}

// batchImages stores, in one batch's transaction, the images its groups
// name by URL; the names it answers are valid in that transaction only
// (commit adds them to imgs.stored through keep).
type batchImages struct {
	imgs  *importImages
	names map[string]string
}

func (imgs *importImages) batch() *batchImages {
	return &batchImages{imgs: imgs, names: map[string]string{}}
}

// keep makes the batch's stored names the import's after its commit.
func (b *batchImages) keep() {
	for u, n := range b.names {
		b.imgs.stored[u] = n
	}
}

// resolve is g with every image URL replaced by the stored name of its
// image, storing it in txApp first when no committed batch did.
func (b *batchImages) resolve(txApp core.App, g *importGroup) (*importGroup, error) {
	if len(b.imgs.data) == 0 {
		return g, nil
	}
	out := &importGroup{id: g.id, bad: g.bad, rows: make([]importRow, len(g.rows))}
	for i, r := range g.rows {
		out.rows[i] = r
		cloned := false
		for _, col := range imageURLCells {
			members := splitList(r.col[col])
			changed := false
			for j, m := range members {
				if !isImageURL(m) {
					continue
				}
				name, err := b.name(txApp, m)
				if err != nil {
					return nil, err
				}
				members[j], changed = name, true
			}
			if changed {
				if !cloned {
					out.rows[i].col, cloned = maps.Clone(r.col), true
				}
				out.rows[i].col[col] = strings.Join(members, listSep)
			}
		}
	}
	return out, nil
}

// name is the stored name of the image fetched from url.
func (b *batchImages) name(txApp core.App, url string) (string, error) {
	if n, ok := b.imgs.stored[url]; ok {
		return n, nil
	}
	if n, ok := b.names[url]; ok {
		return n, nil
	}
	data, ok := b.imgs.data[url]
	if !ok {
		return "", fmt.Errorf("import: image %s was not fetched", url)
	}
	n, err := SaveProductImage(txApp, data)
	if err != nil {
		return "", err
	}
	b.names[url] = n
	return n, nil
}
