"""Heavy engines (onnxruntime, pocketsphinx, faster-whisper, HTTP): imported only here."""
