package testapp

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"sync"
)

// pngsOfZeros are the PNGs PNGOfZeros made, by size: compressing 100 MB
// of zeros takes seconds under -race, and tests ask for the same ones.
var pngsOfZeros sync.Map

// PNGOfZeros returns a PNG of w x h transparent-black RGBA pixels whose
// image data holds only the first rows rows (rows < h makes a truncated
// file that fails to decode halfway). Zeros compress about 1000:1, so a
// small file can declare a huge image: a decompression bomb. The bytes
// are shared: callers must not change them.
func PNGOfZeros(w, h, rows int) []byte {
	key := [3]int{w, h, rows}
	if b, ok := pngsOfZeros.Load(key); ok {
		return b.([]byte)
	}
	b, _ := pngsOfZeros.LoadOrStore(key, makePNGOfZeros(w, h, rows))
	return b.([]byte)
}

// makePNGOfZeros makes PNGOfZeros' file. The fastest level compresses
// zeros about as well as the best (94 kB against 93 kB for 6000 x 4000)
// in a sixth of the time.
func makePNGOfZeros(w, h, rows int) []byte {
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	row := make([]byte, 1+4*w) // filter type 0, then the pixels
	for range rows {
		_, _ = z.Write(row)
	}
	_ = z.Close()

	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	pngChunk(&out, "IHDR", ihdr)
	pngChunk(&out, "IDAT", idat.Bytes())
	if rows >= h {
		pngChunk(&out, "IEND", nil)
	}
	return out.Bytes()
}

func pngChunk(out *bytes.Buffer, kind string, data []byte) {
	_ = binary.Write(out, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	out.WriteString(kind)
	out.Write(data)
	_ = binary.Write(out, binary.BigEndian, crc.Sum32())
}
