/** Accepting an invitation (`/auth/team-invite`): the team's texts and the sign-in forms it may show. */
export const teamInviteMessages = ['team', 'auth', 'validation'] as const;

/** The team settings tab: members, invitations and seats. */
export const teamSettingsMessages = [...teamInviteMessages, 'settings'] as const;
