// Command imagebomb measures what product-image thumbnails cost the real
// binary (issue 15): a 30000x30000 PNG of zeros (3.5 MB, a decompression
// bomb), a truncated 6000x6000 PNG and a 24-megapixel camera-like JPEG are
// stored through PocketBase's records API (as the dashboard would, past the
// upload route's pixel check), then their thumbnails are asked for
// anonymously, through the shop's image route and PocketBase's own file
// route (issue 27), while the server's RSS is read from /proc. With
// -store-with, an older binary stores them (as data from before a fix) and
// -bin serves them. Loopback only; the server is killed above 5 GB.
//
//	cd bench && go run ./imagebomb -bin ../stageshop [-store-with OLD_BINARY]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"log"
	"math/rand"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"stageshop/internal/testapp"
)

func main() {
	bin := flag.String("bin", "../stageshop", "the stageshop binary")
	storeWith := flag.String("store-with", "", "store the images with this (older) binary, then serve them with -bin")
	port := flag.Int("port", 18790, "loopback port")
	flag.Parse()
	if *storeWith == "" {
		*storeWith = *bin
	}
	dir, err := os.MkdirTemp("", "stageshop-imagebomb-*")
	check(err)
	defer os.RemoveAll(dir)
	check(exec.Command(*storeWith, "superuser", "upsert", "root@example.com", "Secret12345", "--dir", dir).Run())
	base := fmt.Sprintf("http://127.0.0.1:%d", *port)
	srv := serve(*storeWith, dir, *port)
	token := superuserToken(base)
	files := map[string][]byte{
		"bomb.png":  testapp.PNGOfZeros(30000, 30000, 30000),
		"trunc.png": testapp.PNGOfZeros(6000, 6000, 600),
		"photo.jpg": cameraPhoto(),
	}
	stored := map[string]storedFile{}
	for f, data := range files {
		stored[f] = store(base, token, f, data)
		fmt.Printf("stored %s (%d bytes): %d %s\n", f, len(data), stored[f].status, stored[f].name)
	}
	if *storeWith != *bin {
		_ = srv.Process.Kill()
		_ = srv.Wait()
		srv = serve(*bin, dir, *port)
	}
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	go watchdog(srv.Process.Pid)
	thumbs(base, srv.Process.Pid, stored)
}

// serve starts bin on dir and waits for it to answer.
func serve(bin, dir string, port int) *exec.Cmd {
	srv := exec.Command(bin, "serve", "--http", fmt.Sprintf("127.0.0.1:%d", port), "--dir", dir)
	check(srv.Start())
	waitHealthy(fmt.Sprintf("http://127.0.0.1:%d", port))
	return srv
}

// thumbs asks for the thumbnails through the shop's route and PocketBase's
// own file route, printing the status, the time and the server's RSS.
func thumbs(base string, pid int, stored map[string]storedFile) {
	fmt.Printf("start: %s\n", rss(pid))
	steps := []struct{ file, size string }{
		{"photo.jpg", "400x300"}, {"photo.jpg", "120x120"}, {"trunc.png", "400x300"}, {"trunc.png", "400x300"},
		{"bomb.png", "400x300"}, {"bomb.png", "120x120"}, {"bomb.png", "400x300"},
	}
	for _, route := range []string{"images", "files"} {
		for _, step := range steps {
			f := stored[step.file]
			if f.name == "" {
				fmt.Printf("%-5s %-9s not stored (%d)\n", route, step.file, f.status)
				continue
			}
			path := "/images/products/" + f.name
			if route == "files" {
				path = "/api/files/product_images/" + f.id + "/" + f.name
			}
			t0 := time.Now()
			status := thumb(base+path, step.size)
			fmt.Printf("%-5s %-9s ?thumb=%-7s %3d in %6.3f s   %s\n", route, step.file, step.size, status, time.Since(t0).Seconds(), rss(pid))
		}
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func waitHealthy(base string) {
	for i := 0; i < 100; i++ {
		if r, err := http.Get(base + "/api/health"); err == nil && r.StatusCode == 200 {
			r.Body.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	log.Fatal("server did not start")
}

// watchdog kills the server above 5 GB, as a bomb would otherwise take the machine.
func watchdog(pid int) {
	for {
		var kb int
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			return
		}
		for _, line := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(line, "VmRSS:") {
				fmt.Sscanf(strings.TrimPrefix(line, "VmRSS:"), "%d", &kb)
			}
		}
		if kb > 5<<20 {
			fmt.Printf("WATCHDOG: server killed at %d MB\n", kb>>10)
			p, _ := os.FindProcess(pid)
			_ = p.Kill()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// rss is the server's current and peak resident memory.
func rss(pid int) string {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "(server gone)"
	}
	var out []string
	for _, line := range strings.Split(string(raw), "\n") {
		for _, k := range []string{"VmRSS:", "VmHWM:"} {
			if strings.HasPrefix(line, k) {
				var kb int
				fmt.Sscanf(strings.TrimPrefix(line, k), "%d", &kb)
				out = append(out, fmt.Sprintf("%s %d MB", k, kb>>10))
			}
		}
	}
	return strings.Join(out, " ")
}

func superuserToken(base string) string {
	body := strings.NewReader(`{"identity":"root@example.com","password":"Secret12345"}`)
	r, err := http.Post(base+"/api/collections/_superusers/auth-with-password", "application/json", body)
	check(err)
	defer r.Body.Close()
	var out struct{ Token string }
	check(json.NewDecoder(r.Body).Decode(&out))
	return out.Token
}

// storedFile is a product_images record (or the status that refused it).
type storedFile struct {
	status   int
	id, name string
}

// store saves a product image through the records API.
func store(base, token, name string, data []byte) storedFile {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", name)
	check(err)
	_, _ = part.Write(data)
	check(w.Close())
	req, _ := http.NewRequest("POST", base+"/api/collections/product_images/records", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", token)
	r, err := http.DefaultClient.Do(req)
	check(err)
	defer r.Body.Close()
	var out struct{ ID, File string }
	_ = json.NewDecoder(r.Body).Decode(&out)
	return storedFile{status: r.StatusCode, id: out.ID, name: out.File}
}

func thumb(url, size string) int {
	c := http.Client{Timeout: 120 * time.Second}
	r, err := c.Get(url + "?thumb=" + size)
	if err != nil {
		return 0
	}
	_, _ = io.Copy(io.Discard, r.Body)
	r.Body.Close()
	return r.StatusCode
}

// cameraPhoto is a 6000x4000 JPEG (24 megapixels) with gradients and noise,
// about 2.7 MB like a real photo.
func cameraPhoto() []byte {
	img := image.NewYCbCr(image.Rect(0, 0, 6000, 4000), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewSource(1))
	for y := 0; y < 4000; y++ {
		for x := 0; x < 6000; x++ {
			img.Y[y*img.YStride+x] = uint8((x/20+y/30)%200 + rng.Intn(10))
		}
	}
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(100+i%50), uint8(140-i%40)
	}
	var buf bytes.Buffer
	check(jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}))
	return buf.Bytes()
}
