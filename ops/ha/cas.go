package ha

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// ErrRaced is a conditional write's error when the epoch object changed
// since it was read: another promote (or a first primary's claim) won.
var ErrRaced = errors.New("the epoch changed meanwhile: another node took it first")

// The epoch object is written compare-and-swap: Promote writes epoch N+1
// only if the object is still the one it read (S3's conditional PutObject,
// If-Match with the ETag it read; If-None-Match: * for the first claim), so
// of two promotes at the same moment exactly one wins and the other gets
// ErrRaced, where a plain write would let both believe they hold N+1. On S3
// that needs a store that honours the conditions (AWS S3 since 2024,
// VersityGW, MinIO): PocketBase's S3 client sends no conditional headers,
// so cas signs its two requests itself (SigV4). A directory store takes an
// exclusive lock (flock) around the compare and the write.

// casS3 is the epoch object's conditional reads and writes on S3.
type casS3 struct {
	endpoint       *url.URL
	bucket, region string
	access, secret string
	pathStyle      bool
	client         *http.Client
	now            func() time.Time
}

func newCasS3(u *url.URL) (*casS3, error) {
	q := u.Query()
	region := q.Get("region")
	if region == "" {
		region = "us-east-1"
	}
	ep := q.Get("endpoint")
	if ep == "" {
		ep = "https://s3." + region + ".amazonaws.com"
	}
	e, err := url.Parse(ep)
	if err != nil || e.Host == "" {
		return nil, fmt.Errorf("STAGESHOP_HA_FENCE: bad endpoint %q", ep)
	}
	return &casS3{endpoint: e, bucket: u.Host, region: region,
		access:    env("LITESTREAM_ACCESS_KEY_ID", "AWS_ACCESS_KEY_ID"),
		secret:    env("LITESTREAM_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY"),
		pathStyle: q.Get("force-path-style") == "true" || q.Get("forcePathStyle") == "true",
		client:    &http.Client{Timeout: 10 * time.Second}, now: time.Now}, nil
}

// objectURL is key's URL, path style or virtual-hosted.
func (c *casS3) objectURL(key string) *url.URL {
	u := *c.endpoint
	if c.pathStyle {
		u.Path = "/" + c.bucket + "/" + key
	} else {
		u.Host = c.bucket + "." + u.Host
		u.Path = "/" + key
	}
	u.RawQuery = ""
	return &u
}

// do sends a signed request for key.
func (c *casS3) do(method, key string, body []byte, header http.Header) (*http.Response, error) {
	req, err := http.NewRequest(method, c.objectURL(key).String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	c.sign(req, body)
	return c.client.Do(req)
}

// sign adds AWS Signature Version 4 to req (host, the payload's hash, the
// date and the conditional headers signed).
func (c *casS3) sign(req *http.Request, body []byte) {
	t := c.now().UTC()
	amzDate, day := t.Format("20060102T150405Z"), t.Format("20060102")
	sum := sha256.Sum256(body)
	payload := hex.EncodeToString(sum[:])
	req.Header.Set("X-Amz-Date", amzDate)
	req.Header.Set("X-Amz-Content-Sha256", payload)
	names := []string{"host"}
	values := map[string]string{"host": req.URL.Host}
	for _, h := range []string{"If-Match", "If-None-Match", "X-Amz-Content-Sha256", "X-Amz-Date"} {
		if v := req.Header.Get(h); v != "" {
			n := strings.ToLower(h)
			names = append(names, n)
			values[n] = strings.TrimSpace(v)
		}
	}
	// sorted: host < if-match < if-none-match < x-amz-content-sha256 < x-amz-date
	var canonHeaders strings.Builder
	for _, n := range names {
		canonHeaders.WriteString(n + ":" + values[n] + "\n")
	}
	signed := strings.Join(names, ";")
	canonical := strings.Join([]string{req.Method, req.URL.EscapedPath(), "", canonHeaders.String(), signed, payload}, "\n")
	scope := day + "/" + c.region + "/s3/aws4_request"
	h := sha256.Sum256([]byte(canonical))
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex.EncodeToString(h[:])
	k := hmacSHA256([]byte("AWS4"+c.secret), day)
	k = hmacSHA256(k, c.region)
	k = hmacSHA256(k, "s3")
	k = hmacSHA256(k, "aws4_request")
	sig := hex.EncodeToString(hmacSHA256(k, toSign))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+c.access+"/"+scope+", SignedHeaders="+signed+", Signature="+sig)
}

func hmacSHA256(key []byte, s string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(s))
	return m.Sum(nil)
}

// get reads key with its ETag; found is false when there is none.
func (c *casS3) get(key string) (body []byte, etag string, found bool, err error) {
	resp, err := c.do(http.MethodGet, key, nil, nil)
	if err != nil {
		return nil, "", false, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	switch {
	case err != nil:
		return nil, "", false, err
	case resp.StatusCode == http.StatusNotFound:
		return nil, "", false, nil
	case resp.StatusCode != http.StatusOK:
		return nil, "", false, fmt.Errorf("GET %s: %s: %s", key, resp.Status, bytes.TrimSpace(b))
	}
	return b, resp.Header.Get("ETag"), true, nil
}

// put writes key if it is still etag's version ("": only if absent).
func (c *casS3) put(key string, body []byte, etag string) error {
	h := http.Header{}
	if etag == "" {
		h.Set("If-None-Match", "*")
	} else {
		h.Set("If-Match", etag)
	}
	h.Set("Content-Type", "application/json")
	resp, err := c.do(http.MethodPut, key, body, h)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusPreconditionFailed, http.StatusConflict:
		return ErrRaced
	}
	return fmt.Errorf("PUT %s: %s: %s", key, resp.Status, bytes.TrimSpace(b))
}

// readVersioned is Read with the version a conditional write compares:
// the S3 object's ETag, or the file's content.
func (s *Store) readVersioned() (m Marker, found bool, version string, err error) {
	var b []byte
	if s.s3 != nil {
		b, version, found, err = s.s3.get(s.key())
	} else {
		b, err = os.ReadFile(filepath.Join(s.dir, s.key()))
		found, version = err == nil, string(b)
		if errors.Is(err, os.ErrNotExist) {
			err = nil
		}
	}
	if err != nil || !found {
		return Marker{}, false, "", err
	}
	if err := json.Unmarshal(b, &m); err != nil || m.Epoch < 1 {
		return Marker{}, false, "", fmt.Errorf("the epoch object %s is damaged: %q", s.key(), b)
	}
	return m, true, version, nil
}

// afterRead, when set (tests), runs between a conditional write's read
// and its write: where two promotes at once interleave.
var afterRead func()

// writeIf stores m if the object is still at version ("": absent), else
// returns ErrRaced.
func (s *Store) writeIf(m Marker, version string) error {
	if afterRead != nil {
		afterRead()
	}
	b, _ := json.Marshal(m)
	if s.s3 != nil {
		return s.s3.put(s.key(), b, version)
	}
	lock, err := os.OpenFile(filepath.Join(s.dir, s.key()+".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	defer func() { _ = syscall.Flock(int(lock.Fd()), syscall.LOCK_UN) }()
	path := filepath.Join(s.dir, s.key())
	cur, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if version != "" {
			return ErrRaced
		}
	case err != nil:
		return err
	case string(cur) != version:
		return ErrRaced
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
