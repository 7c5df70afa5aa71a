// Package gluser uses glclient's exported builders, known by their
// SendsFacts, with a retrying client of its own.
package gluser

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"

	"unkeyedpost/builders/glclient"
)

func createProject(c *glclient.Client, rc *retryablehttp.Client) error {
	req, err := c.NewRequest(http.MethodPost, "projects", nil) // want `POST built by glclient\.\(\*Client\)\.NewRequest is retried by go-retryablehttp \(a client from a parameter, RetryMax 4 by default`
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

func createGroup(c *glclient.Client, rc *retryablehttp.Client) error {
	req, err := c.NewPostRequest("groups") // want `POST built by glclient\.\(\*Client\)\.NewPostRequest is retried`
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

// Quiet: a GET, a key set before the send, a builder that keys it.

func listProjects(c *glclient.Client, rc *retryablehttp.Client) error {
	req, err := c.NewRequest(http.MethodGet, "projects", nil)
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

func createProjectKeyed(c *glclient.Client, rc *retryablehttp.Client, key string) error { // want createProjectKeyed:`keyparams\[2\]`
	req, err := c.NewRequest(http.MethodPost, "projects", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = rc.Do(req)
	return err
}

func createProjectKeyedByBuilder(c *glclient.Client, rc *retryablehttp.Client, key string) error {
	req, err := c.NewKeyedRequest(http.MethodPost, "projects", key)
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

// A builder that copies the headers its caller gives (NewRequestWithHeaders)
// is keyed by the call: reported when the call visibly hands no key, quiet
// when it hands one or a map the analysis cannot see.

func createProjectNoHeaders(c *glclient.Client, rc *retryablehttp.Client) error {
	req, err := c.NewRequestWithHeaders(http.MethodPost, "projects", nil) // want `POST built by glclient\.\(\*Client\)\.NewRequestWithHeaders is retried by go-retryablehttp`
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

func createProjectPlainHeaders(c *glclient.Client, rc *retryablehttp.Client) error {
	req, err := c.NewRequestWithHeaders(http.MethodPost, "projects", http.Header{"Accept": {"application/json"}}) // want `POST built by glclient\.\(\*Client\)\.NewRequestWithHeaders is retried`
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

func createProjectKeyedHeaders(c *glclient.Client, rc *retryablehttp.Client, key string) error {
	req, err := c.NewRequestWithHeaders(http.MethodPost, "projects", http.Header{"Idempotency-Key": {key}})
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

func createProjectGivenHeaders(c *glclient.Client, rc *retryablehttp.Client, hdrs http.Header) error {
	req, err := c.NewRequestWithHeaders(http.MethodPost, "projects", hdrs)
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

// CreateIssueWithHeaders retries by itself: the call that hands it no key
// is reported, the one that hands a key is quiet.

func createIssueNoHeaders(c *glclient.Client) error {
	return c.CreateIssueWithHeaders("1", nil) // want `POST sent by glclient\.\(\*Client\)\.CreateIssueWithHeaders is retried by go-retryablehttp`
}

func createIssueKeyedHeaders(c *glclient.Client, key string) error {
	return c.CreateIssueWithHeaders("1", http.Header{"Idempotency-Key": {key}})
}

// NewKeyedRequest keys the request with the key the call gives: an empty
// one is no key.
func createProjectEmptyKey(c *glclient.Client, rc *retryablehttp.Client) error {
	req, err := c.NewKeyedRequest(http.MethodPost, "projects", "") // want `POST built by glclient\.\(\*Client\)\.NewKeyedRequest is retried`
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

// glclient's Do retries by itself, in another package: each call that
// hands it a POST or PATCH is reported at the call; a GET is quiet.

func updateIssue(c *glclient.Client) error {
	req, err := c.NewRequest(http.MethodPatch, "projects/1/issues/2", nil) // want `^PATCH built by glclient\.\(\*Client\)\.NewRequest is retried by go-retryablehttp \(RetryMax 5: up to 6 attempts, unless glclient\.WithCustomRetryMax sets RetryMax\) in glclient\.\(\*Client\)\.Do without an Idempotency-Key`
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func createMilestone(c *glclient.Client) error {
	req, err := c.NewRequest(http.MethodPost, "projects/1/milestones", nil) // want `^POST built by glclient\.\(\*Client\)\.NewRequest is retried by go-retryablehttp .* in glclient\.\(\*Client\)\.Do without`
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func getIssue(c *glclient.Client) error {
	req, err := c.NewRequest(http.MethodGet, "projects/1/issues/2", nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}
