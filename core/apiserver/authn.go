package apiserver

import (
	"strings"

	"kubeplay/core/api"
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
func Users() []UserInfo {
	out := make([]UserInfo, len(knownUsers))
	for i, u := range knownUsers {
		out[i] = UserInfo{Name: u.Name, Groups: append([]string(nil), u.Groups...)}
	}
	return out
}

var knownUsers = []UserInfo{
	{Name: UserAdmin, Groups: []string{GroupMasters, GroupAuthenticated}},
	{Name: UserScheduler, Groups: []string{GroupAuthenticated}},
	{Name: UserControllerManager, Groups: []string{GroupAuthenticated}},
	{Name: UserAlice, Groups: []string{GroupAuthenticated}},
	{Name: UserBob, Groups: []string{GroupAuthenticated}},
}

// Admin, Scheduler, ControllerManager, Node and ServiceAccount build the
// identities components present.
func Admin() UserInfo             { return Users()[0] }
func Scheduler() UserInfo         { return Users()[1] }
func ControllerManager() UserInfo { return Users()[2] }
func Node(name string) UserInfo {
	return UserInfo{Name: NodeUserPrefix + name, Groups: []string{GroupNodes, GroupAuthenticated}}
}
func ServiceAccount(ns, name string) UserInfo {
	return UserInfo{Name: ServiceAccountPrefix + ns + ":" + name,
		Groups: []string{GroupServiceAccounts, GroupServiceAccountsPrefix + ns, GroupAuthenticated}}
}

// AddUser makes another user known to the server (a scenario's extra
// identity). system:authenticated is added to its groups.
func (s *Server) AddUser(u UserInfo) {
	u.Groups = appendUnique(append([]string(nil), u.Groups...), GroupAuthenticated)
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
func (s *Server) UserFor(name string) (UserInfo, bool) {
	if u, ok := s.users[name]; ok {
		return u, true
	}
	for _, u := range knownUsers {
		if u.Name == name {
			return u, true
		}
	}
	if n, ok := strings.CutPrefix(name, NodeUserPrefix); ok && n != "" {
		return Node(n), true
	}
	if rest, ok := strings.CutPrefix(name, ServiceAccountPrefix); ok {
		ns, sa, ok := strings.Cut(rest, ":")
		if !ok || ns == "" || sa == "" {
			return UserInfo{}, false
		}
		if r := s.lookup("", "serviceaccounts"); r != nil && r.get(ns, sa) != nil {
			return ServiceAccount(ns, sa), true
		}
	}
	return UserInfo{}, false
}

// authenticate answers 401 for unknown users.
func (s *Server) authenticate(u UserInfo) (UserInfo, error) {
	if au, ok := s.UserFor(u.Name); ok {
		return au, nil
	}
	return UserInfo{}, unauthorized()
}

func unauthorized() *api.StatusError {
	return &api.StatusError{ErrStatus: api.Status{TypeMeta: api.TypeMeta{Kind: "Status", APIVersion: "v1"},
		Status: "Failure", Message: "Unauthorized", Reason: api.StatusReasonUnauthorized, Code: api.StatusUnauthorized}}
}

// impersonated is the identity a request acts as under --as: the named
// user with system:authenticated (and a service account's groups).
func impersonated(name string) UserInfo {
	if rest, ok := strings.CutPrefix(name, ServiceAccountPrefix); ok {
		if ns, sa, ok := strings.Cut(rest, ":"); ok {
			return ServiceAccount(ns, sa)
		}
	}
	return UserInfo{Name: name, Groups: []string{GroupAuthenticated}}
}

func groupsString(groups []string) string {
	return strings.Join(groups, ", ")
}
