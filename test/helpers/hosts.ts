// Every pool host runs the same integration suites.
export const HOSTS = ['thread', 'process'] as const;
