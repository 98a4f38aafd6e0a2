package contactlist

// SetBatchSize changes how many rows one statement writes; the returned func restores it.
func SetBatchSize(n int) func() {
	old := batchSize
	batchSize = n
	return func() { batchSize = old }
}
