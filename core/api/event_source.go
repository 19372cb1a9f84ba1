package api

// DisplaySource is the event's source as kubectl shows it (SOURCE in
// `kubectl get events -o wide`): "component, host", falling back to
// reportingController and reportingInstance (kubectl's formatEventSource).
func (e *Event) DisplaySource() string {
	comp := e.Source.Component
	if comp == "" {
		comp = e.ReportingController
	}
	host := e.Source.Host
	if host == "" {
		host = e.ReportingInstance
	}
	if host == "" {
		return comp
	}
	return comp + ", " + host
}
