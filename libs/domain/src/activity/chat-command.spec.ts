import { chatCommand, chatCommandArgument } from './chat-command';

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

  it('reads !sr and the slot named after it', () => {
    expect(chatCommand('!sr gates of olympus', 'join')).toBe('sr');
    expect(chatCommand('!SR', 'join')).toBe('sr');
    expect(chatCommandArgument('  !sr   Gates  of Olympus ')).toBe('Gates  of Olympus');
    expect(chatCommandArgument('!sr')).toBe('');
    expect(chatCommandArgument(`!sr ${'x'.repeat(300)}`)).toHaveLength(100);
  });
});

describe('chatCommand: contests and polls', () => {
  it('reads !bet and !vote with what follows them, whatever the join keyword', () => {
    expect(chatCommand('!bet 2 100', 'join')).toBe('bet');
    expect(chatCommand('!VOTE yes', 'enter')).toBe('vote');
    expect(chatCommandArgument('!bet  sweet bonanza 100 ')).toBe('sweet bonanza 100');
    expect(chatCommand('!betting 1 5', 'join')).toBeUndefined();
  });
});
