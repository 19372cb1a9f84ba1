// Package e2e holds the playground's browser tests and browser benchmarks: headless Chromium (Debian's
// /usr/bin/chromium, driven by chromedp) loads the built site (KUBEPLAY_DIST/site, served by
// site/devserver/serve exactly as `./build.sh serve` serves it) and uses it as a person would: Apply in
// the editor, the terminal, play/pause/step, the language and theme switches, a 360px screen. It plays
// the part of the learner in front of the page. Without KUBEPLAY_DIST or chromium the tests skip.
package e2e
