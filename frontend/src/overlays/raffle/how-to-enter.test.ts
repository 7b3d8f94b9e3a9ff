import { defaultHowToEnter } from './how-to-enter';

describe('raffle overlay: how to enter by default', () => {
  it('names the chat keyword as it is set now, and the raffle page', () => {
    expect(defaultHowToEnter({ join_command: '!enter', verify_url: 'https://kickback.example/raffles/5' })).toBe(
      'Type !enter in chat or enter at kickback.example/raffles/5',
    );
  });

  it('falls back to the raffle page while chat commands are off, and to nothing without either', () => {
    expect(defaultHowToEnter({ join_command: null, verify_url: 'http://localhost:3000/raffles/5' })).toBe(
      'Enter at localhost:3000/raffles/5',
    );
    expect(defaultHowToEnter({ join_command: '!join', verify_url: null })).toBe('Type !join in chat');
    expect(defaultHowToEnter({ join_command: null, verify_url: null })).toBe('');
  });
});
