import { CONTEST_TEXTS } from '@kickback/contracts';
import { CHAT_BET_TEXTS, parseChatBet } from './contest-chat-bet';

describe('parseChatBet', () => {
  const options = ['Yes', 'No', 'Yes but late', 'Over 100x'];

  it('reads the option by its place, 1 being the first, and the last word as points', () => {
    expect(parseChatBet('1 100', options)).toEqual({ option: 0, points: 100 });
    expect(parseChatBet('  4   2,500 ', options)).toEqual({ option: 3, points: 2500 });
  });

  it('reads the option by its name without case, a name of several words included', () => {
    expect(parseChatBet('NO 5', options)).toEqual({ option: 1, points: 5 });
    expect(parseChatBet('yes   but LATE 5', options)).toEqual({ option: 2, points: 5 });
    expect(parseChatBet('over 100x 7', options)).toEqual({ option: 3, points: 7 });
  });

  it('takes an exact name before a longer name starting the same way, and a start only when one name has it', () => {
    expect(parseChatBet('yes 5', options)).toEqual({ option: 0, points: 5 });
    expect(parseChatBet('ov 5', options)).toEqual({ option: 3, points: 5 });
    expect(parseChatBet('ye 5', options)).toEqual({ refusal: '"ye" could be Yes or Yes but late: type more of it, or its number.' });
  });

  it('refuses an option it cannot find, a place past the last included', () => {
    expect(parseChatBet('maybe 5', options)).toEqual({ refusal: 'no option matches "maybe": type its number, 1 to 4, or its name.' });
    expect(parseChatBet('5 5', options)).toEqual({ refusal: 'no option matches "5": type its number, 1 to 4, or its name.' });
    expect(parseChatBet('0 5', options)).toEqual({ refusal: 'no option matches "0": type its number, 1 to 4, or its name.' });
  });

  it('prefers a place to a name made of digits only when the place exists', () => {
    expect(parseChatBet('2 10', ['100', '200'])).toEqual({ option: 1, points: 10 });
    expect(parseChatBet('200 10', ['100', '200'])).toEqual({ option: 1, points: 10 });
  });

  it('refuses points that are missing, not whole, zero, negative or past any maximum', () => {
    expect(parseChatBet('', options)).toEqual({ refusal: CHAT_BET_TEXTS.usage });
    expect(parseChatBet('yes', options)).toEqual({ refusal: CHAT_BET_TEXTS.usage });
    expect(parseChatBet('yes lots', options)).toEqual({ refusal: CHAT_BET_TEXTS.usage });
    expect(parseChatBet('yes 1.5', options)).toEqual({ refusal: CHAT_BET_TEXTS.usage });
    expect(parseChatBet('yes -5', options)).toEqual({ refusal: CHAT_BET_TEXTS.usage });
    expect(parseChatBet('yes 0', options)).toEqual({ refusal: CHAT_BET_TEXTS.notWhole });
    expect(parseChatBet('yes 10000001', options)).toEqual({ refusal: CONTEST_TEXTS.overMax });
    expect(parseChatBet(`yes ${'9'.repeat(40)}`, options)).toEqual({ refusal: CONTEST_TEXTS.overMax });
  });
});
