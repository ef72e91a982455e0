package testapp

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// PNGOfZeros returns a PNG of w x h transparent-black RGBA pixels whose
// image data holds only the first rows rows (rows < h makes a truncated
// file that fails to decode halfway). Zeros compress about 1000:1, so a
// small file can declare a huge image: a decompression bomb.
func PNGOfZeros(w, h, rows int) []byte {
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
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
