package kubectl

// SetStdin sets what `-f -` reads for the following commands (a terminal's
// heredoc or pipe).
func (k *Kubectl) SetStdin(b []byte) { k.env.Stdin = b }

// SetFiles sets where `-f PATH` reads files and lists directories: the OS in
// the terminal, the open editor tabs in the browser, a scenario's files.
func (k *Kubectl) SetFiles(readFile func(path string) ([]byte, error), readDir func(path string) ([]string, error)) {
	k.env.ReadFile, k.env.ReadDir = readFile, readDir
}

// SetURLs sets where `-f https://...` reads (Env.ReadURL).
func (k *Kubectl) SetURLs(readURL func(url string) ([]byte, error)) { k.env.ReadURL = readURL }
