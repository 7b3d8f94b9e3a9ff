import { profileUpdateSchema, sectionOf } from './member-settings';

describe('profileUpdateSchema', () => {
  it('trims usernames, turns empty into null and drops one leading @ from social handles', () => {
    expect(profileUpdateSchema.parse({ crypto: '  Lucky Lou ', crypto2: '', crypto3: null })).toEqual({
      crypto: 'Lucky Lou',
      crypto2: null,
      crypto3: null,
    });
    expect(profileUpdateSchema.parse({ twitter_user: ' @spin_city ', tiktok_user: '   ' })).toEqual({
      twitter_user: 'spin_city',
      tiktok_user: null,
    });
  });

  it('keeps the bio as typed up to 500 characters', () => {
    expect(profileUpdateSchema.parse({ bio: '  two\nlines ' })).toEqual({ bio: '  two\nlines ' });
    expect(profileUpdateSchema.safeParse({ bio: 'é'.repeat(500) }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ bio: 'é'.repeat(501) }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ bio: null }).success).toBe(false);
  });

  it('refuses links, @ inside handles, odd characters, mixed sections and empty bodies', () => {
    for (const body of [
      { twitter_user: 'https://twitter.com/x' },
      { instagram_user: 'a@b' },
      { crypto: 'semi;colon' },
      { crypto: 'tab\there' },
      { bio: 'x', crypto: 'y' },
      {},
      { website: 'x' },
    ]) {
      expect(profileUpdateSchema.safeParse(body).success).toBe(false);
    }
  });

  it('knows which tab a field belongs to', () => {
    expect(sectionOf('bio')).toBe('profile');
    expect(sectionOf('crypto3')).toBe('connections');
    expect(sectionOf('tiktok_user')).toBe('social');
    expect(sectionOf('kick_username')).toBeNull();
  });
});
