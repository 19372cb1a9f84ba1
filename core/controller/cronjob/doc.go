// Package cronjob plays kube-controller-manager's cronjob-controller
// (pkg/controller/cronjob, the v2 controller): at each time the schedule
// names, in virtual time, it creates a Job <cronjob>-<minutes since the
// epoch> from the job template, honours suspend, the concurrency policy and
// startingDeadlineSeconds, tracks the active Jobs in status and deletes
// finished Jobs beyond the history limits.
package cronjob
