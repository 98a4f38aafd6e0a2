package integration

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// ErrAudioFormat: a voice message Dialogflow can't hear (its v2 API takes Ogg Opus, FLAC,
// WAV/LINEAR16 and AMR; WhatsApp voice notes are Ogg Opus).
var ErrAudioFormat = errors.New("integration: audio format Dialogflow does not take")

// MaxAudio bounds the audio sent to Dialogflow (it hears at most a minute).
const MaxAudio = 8 << 20

// opusRates are the sample rates Dialogflow takes for Ogg Opus.
var opusRates = map[int]bool{8000: true, 12000: true, 16000: true, 24000: true, 48000: true}

// AudioConfig reads an audio file's detectIntent encoding and sample rate from its header
// (rate 0: the file's header says it and Dialogflow reads it there).
func AudioConfig(data []byte) (string, int, bool) {
	switch {
	case len(data) >= 48 && bytes.HasPrefix(data, []byte("OggS")) && bytes.Equal(data[28:36], []byte("OpusHead")):
		rate := int(binary.LittleEndian.Uint32(data[40:44])) // OpusHead's input sample rate
		if !opusRates[rate] {
			rate = 48000 // Opus decodes at 48 kHz whatever the input was
		}
		return "AUDIO_ENCODING_OGG_OPUS", rate, true
	case bytes.HasPrefix(data, []byte("fLaC")):
		return "AUDIO_ENCODING_FLAC", 0, true
	case len(data) >= 28 && bytes.HasPrefix(data, []byte("RIFF")) && bytes.Equal(data[8:12], []byte("WAVE")):
		return "AUDIO_ENCODING_LINEAR_16", int(binary.LittleEndian.Uint32(data[24:28])), true
	case bytes.HasPrefix(data, []byte("#!AMR-WB\n")):
		return "AUDIO_ENCODING_AMR_WB", 16000, true
	case bytes.HasPrefix(data, []byte("#!AMR\n")):
		return "AUDIO_ENCODING_AMR", 8000, true
	}
	return "", 0, false
}
