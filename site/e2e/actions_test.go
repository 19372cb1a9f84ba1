package e2e

import (
	"github.com/chromedp/chromedp"
)

type chromedpAction = chromedp.Action[chromedp.Void]

func jsAction(expr string) chromedpAction {
	return chromedp.Evaluate[chromedp.Void](expr, chromedp.EvalAwaitPromise)
}

func chromedpSendKeys(sel, text string) chromedpAction {
	return chromedp.SendKeys(chromedp.CSS(sel), text)
}

func chromedpReload() chromedpAction { return chromedp.Reload() }
