import { personName } from './person-name';

describe('personName', () => {
  it('is the Kick name, else the username', () => {
    expect(personName({ username: 'maria_1', kick_username: 'spinqueen' })).toBe('spinqueen');
    expect(personName({ username: 'maria_1', kick_username: null })).toBe('maria_1');
    expect(personName({ username: 'maria_1', kick_username: '' })).toBe('maria_1');
  });
});
