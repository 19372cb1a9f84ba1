package apiserver

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// Authentication. kubeplay has no certificates or tokens: a request presents
// a user name, and the server knows which names are real and what groups
// they carry, as a client certificate's CN and O would say.

// Users a cluster knows besides nodes and service accounts.
const (
	UserAlice = "alice"
	UserBob   = "bob"
)

// Group names of service accounts.
const (
	GroupServiceAccounts       = "system:serviceaccounts"
	GroupServiceAccountsPrefix = "system:serviceaccounts:"
)

// Users returns the identities a cluster knows out of the box (nodes and
// service accounts are recognised by their prefix).
func Users() []request.UserInfo {
	out := make([]request.UserInfo, len(knownUsers))
	for i, u := range knownUsers {
		out[i] = request.UserInfo{Name: u.Name, Groups: append([]string(nil), u.Groups...)}
	}
	return out
}

var knownUsers = []request.UserInfo{
	{Name: request.UserAdmin, Groups: []string{request.GroupMasters, request.GroupAuthenticated}},
	{Name: request.UserScheduler, Groups: []string{request.GroupAuthenticated}},
	{Name: request.UserControllerManager, Groups: []string{request.GroupAuthenticated}},
	{Name: UserAlice, Groups: []string{request.GroupAuthenticated}},
	{Name: UserBob, Groups: []string{request.GroupAuthenticated}},
}

// Admin, Scheduler, ControllerManager, Node and ServiceAccount build the
// identities components present.
func Admin() request.UserInfo             { return Users()[0] }
func Scheduler() request.UserInfo         { return Users()[1] }
func ControllerManager() request.UserInfo { return Users()[2] }
func Node(name string) request.UserInfo {
	return request.UserInfo{Name: request.NodeUserPrefix + name, Groups: []string{request.GroupNodes, request.GroupAuthenticated}}
}
func ServiceAccount(ns, name string) request.UserInfo {
	return request.UserInfo{Name: request.ServiceAccountPrefix + ns + ":" + name,
		Groups: []string{GroupServiceAccounts, GroupServiceAccountsPrefix + ns, request.GroupAuthenticated}}
}

// AddUser makes another user known to the server (a scenario's extra
// identity). system:authenticated is added to its groups.
func (s *Server) AddUser(u request.UserInfo) {
	u.Groups = appendUnique(append([]string(nil), u.Groups...), request.GroupAuthenticated)
	s.users[u.Name] = u
}

func appendUnique(l []string, v string) []string {
	for _, x := range l {
		if x == v {
			return l
		}
	}
	return append(l, v)
}

// UserFor returns the identity the server authenticates name as.
func (s *Server) UserFor(name string) (request.UserInfo, bool) {
	if u, ok := s.users[name]; ok {
		return u, true
	}
	for _, u := range knownUsers {
		if u.Name == name {
			return u, true
		}
	}
	if n, ok := strings.CutPrefix(name, request.NodeUserPrefix); ok && n != "" {
		return Node(n), true
	}
	if rest, ok := strings.CutPrefix(name, request.ServiceAccountPrefix); ok {
		ns, sa, ok := strings.Cut(rest, ":")
		if !ok || ns == "" || sa == "" {
			return request.UserInfo{}, false
		}
		if r := s.lookup("", "serviceaccounts"); r != nil && r.get(ns, sa) != nil {
			return ServiceAccount(ns, sa), true
		}
	}
	return request.UserInfo{}, false
}

// authenticate answers 401 for unknown users.
func (s *Server) authenticate(u request.UserInfo) (request.UserInfo, error) {
	if au, ok := s.UserFor(u.Name); ok {
		return au, nil
	}
	return request.UserInfo{}, unauthorized()
}

func unauthorized() *api.StatusError {
	return &api.StatusError{ErrStatus: api.Status{TypeMeta: api.TypeMeta{Kind: "Status", APIVersion: "v1"},
		Status: "Failure", Message: "Unauthorized", Reason: api.StatusReasonUnauthorized, Code: api.StatusUnauthorized}}
}

// impersonated is the identity a request acts as under --as: the named
// user with system:authenticated (and a service account's groups).
func impersonated(name string) request.UserInfo {
	if rest, ok := strings.CutPrefix(name, request.ServiceAccountPrefix); ok {
		if ns, sa, ok := strings.Cut(rest, ":"); ok {
			return ServiceAccount(ns, sa)
		}
	}
	return request.UserInfo{Name: name, Groups: []string{request.GroupAuthenticated}}
}

func groupsString(groups []string) string {
	return strings.Join(groups, ", ")
}
