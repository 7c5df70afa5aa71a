package nojitter

func (c *checker) retryablehttp() {}
