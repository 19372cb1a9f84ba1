package kubectl

// SetStdin sets what `-f -` reads for the following commands (a terminal's
// heredoc or pipe).
func (k *Kubectl) SetStdin(b []byte) { k.env.Stdin = b }
