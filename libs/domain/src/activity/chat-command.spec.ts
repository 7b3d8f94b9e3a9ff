import { chatCommand } from './chat-command';

describe('chatCommand', () => {
  it('reads !points and !raffle whatever the join keyword', () => {
    expect(chatCommand('!points', 'enter')).toBe('points');
    expect(chatCommand('  !RAFFLE now', 'enter')).toBe('raffle');
  });

  it('reads the join keyword, without case, and only the keyword set', () => {
    expect(chatCommand('!join', 'join')).toBe('join');
    expect(chatCommand('!Enter pls', 'enter')).toBe('join');
    expect(chatCommand('!join', 'enter')).toBeUndefined();
  });

  it('ignores words that only start with a command, and messages that do not start with one', () => {
    expect(chatCommand('!joined', 'join')).toBeUndefined();
    expect(chatCommand('!points!', 'join')).toBeUndefined();
    expect(chatCommand('hey !join', 'join')).toBeUndefined();
    expect(chatCommand('!', 'join')).toBeUndefined();
  });
});
