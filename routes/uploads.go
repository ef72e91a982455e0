package routes

import (
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/shop/catalog"
	"stageshop/shop/wire"
)

// multipartRoom is what a multipart body may hold beyond the file: the
// part headers and boundaries.
const multipartRoom = 64 << 10

var (
	errFileTooLarge = newError(http.StatusRequestEntityTooLarge, "file_too_large", "File size must be less than 5MB")
	errNoFile       = newError(http.StatusBadRequest, "file_required", "Please select an image file to upload (form field \"file\")")
	errManyFiles    = newError(http.StatusBadRequest, "too_many_files", "Please upload one image per request")
)

func registerUploads(se *core.ServeEvent) {
	shopGroup(se, "/api/upload").POST("/image", uploadImage).Bind(staffOnly())
}

// uploadImage stores one product image sent as multipart field "file"
// (see shop.SaveProductImage).
func uploadImage(e *core.RequestEvent) error {
	_, field, err := catalog.ImageField(e.App)
	if err != nil {
		return err
	}
	if e.Request.ContentLength > field.MaxSize+multipartRoom {
		return errFileTooLarge
	}
	data, err := readUploadedFile(e, field.MaxSize)
	if err != nil {
		return err
	}

	name, err := catalog.SaveProductImage(e.App, data)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, wire.UploadedImage{FileName: name, URL: "/images/products/" + name})
}

// readUploadedFile streams the multipart body and returns the bytes of the
// single file part named "file", of at most maxSize bytes. (Not
// e.FindUploadedFiles: it parses the whole form, every part and file,
// before a limit or a count could refuse it.)
func readUploadedFile(e *core.RequestEvent, maxSize int64) ([]byte, error) {
	mediaType, _, err := mime.ParseMediaType(e.Request.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" {
		return nil, errNoFile
	}
	e.Request.Body = http.MaxBytesReader(e.Response, e.Request.Body, maxSize+multipartRoom)
	mr, err := e.Request.MultipartReader()
	if err != nil {
		return nil, errNoFile
	}
	var data []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, uploadReadError(err)
		}
		if part.FormName() != "file" {
			if _, err := io.Copy(io.Discard, part); err != nil {
				return nil, uploadReadError(err)
			}
			continue
		}
		if data != nil {
			return nil, errManyFiles
		}
		data, err = io.ReadAll(io.LimitReader(part, maxSize+1))
		if err != nil {
			return nil, uploadReadError(err)
		}
		if int64(len(data)) > maxSize {
			return nil, errFileTooLarge
		}
		if data == nil {
			data = []byte{}
		}
	}
	if len(data) == 0 {
		if data != nil {
			return nil, catalog.ErrNotAnImage // an empty file
		}
		return nil, errNoFile
	}
	return data, nil
}

func uploadReadError(err error) error {
	var tooLarge *http.MaxBytesError
	var pbErr *router.ApiError // PocketBase's body limit
	if errors.As(err, &tooLarge) || (errors.As(err, &pbErr) && pbErr.Status == http.StatusRequestEntityTooLarge) {
		return errFileTooLarge
	}
	return newError(http.StatusBadRequest, "invalid_multipart", "The upload is not a valid multipart form")
}
