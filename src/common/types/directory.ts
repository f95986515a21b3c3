// The directory's answers (Directory entry), built by the server's SQL and read by
// the directory screens: declared once here.

export interface DirectoryTeam {
  id: number;
  name: string;
  role: string;
}

export interface DirectoryEntry {
  id: number;
  userId: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
  bio: string | null;
  roles: string[];
  organizationRole: string;
  teams: DirectoryTeam[];
}

/** The person page: the entry plus e-mail and the teams' handles for links. */
export interface PersonEntry extends Omit<DirectoryEntry, 'teams'> {
  email: string;
  teams: (DirectoryTeam & { handle: string })[];
}
