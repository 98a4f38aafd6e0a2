package integration

import (
	"encoding/binary"
	"testing"
)

func TestAudioConfig(t *testing.T) {
	opus := func(rate uint32) []byte {
		b := make([]byte, 60)
		copy(b, "OggS")
		copy(b[28:], "OpusHead")
		binary.LittleEndian.PutUint32(b[40:], rate)
		return b
	}
	wav := make([]byte, 44)
	copy(wav, "RIFF")
	copy(wav[8:], "WAVE")
	binary.LittleEndian.PutUint32(wav[24:], 22050)
	for _, c := range []struct {
		name string
		data []byte
		enc  string
		rate int
	}{
		{"voice note", opus(16000), "AUDIO_ENCODING_OGG_OPUS", 16000},
		{"odd opus rate", opus(44100), "AUDIO_ENCODING_OGG_OPUS", 48000},
		{"wav", wav, "AUDIO_ENCODING_LINEAR_16", 22050},
		{"flac", []byte("fLaC\x00\x00\x00\x22"), "AUDIO_ENCODING_FLAC", 0},
		{"amr", []byte("#!AMR\n\x3c"), "AUDIO_ENCODING_AMR", 8000},
		{"amr-wb", []byte("#!AMR-WB\n\x3c"), "AUDIO_ENCODING_AMR_WB", 16000},
		{"mp3", []byte("ID3\x03\x00\x00\x00"), "", 0},
	} {
		enc, rate, ok := AudioConfig(c.data)
		if enc != c.enc || rate != c.rate || ok != (c.enc != "") {
			t.Errorf("%s: %s %d %v", c.name, enc, rate, ok)
		}
	}
	if _, err := queryBody(Query{Audio: []byte("ID3")}, "pt-BR"); err != ErrAudioFormat {
		t.Errorf("an mp3 query: %v", err)
	}
	body, _ := queryBody(Query{Text: string(make([]rune, MaxQueryText+10))}, "pt-BR")
	text := body["queryInput"].(map[string]any)["text"].(map[string]string)["text"]
	if n := len([]rune(text)); n != MaxQueryText {
		t.Errorf("a long text query kept %d characters", n)
	}
}
