package nestedretry

// ParseClients parses the current -clients flag, for tests.
func ParseClients() (int, error) {
	table, err := parseClients(clientsFlag)
	return len(table), err
}
