import { mentionsKick, scrubKickText, type KickTraces } from './kick-trace-text';

const traces: KickTraces = {
  kickUserId: '7123456',
  kickName: 'Leaver_x',
  pseudonym: 'Deleted member #12',
  rewrites: [['follow:7123456', 'deleted-member:40']],
};

describe('Kick traces in stored text', () => {
  it('finds the id and the name as whole words only', () => {
    expect(mentionsKick('{"kickUserId":7123456}', traces)).toBe(true);
    expect(mentionsKick('{"from":"leaver_X"}', traces)).toBe(true);
    expect(mentionsKick('{"at":17123456789,"n":71234567}', traces)).toBe(false);
    expect(mentionsKick('{"from":"Leaver_xy","to":"my_Leaver_x"}', traces)).toBe(false);
    expect(mentionsKick('Kick refused the reply to Leaver_x.', traces)).toBe(true);
  });

  it('in JSON, takes the name only as a name field, so a name that is a common word rewrites nothing else', () => {
    const live = { ...traces, kickName: 'live' };
    const batch = JSON.stringify({ events: [{ change: 'live', status: 'live' }, { sender: { username: 'LIVE' } }] });
    expect(mentionsKick(JSON.stringify({ change: 'live' }), live)).toBe(false);
    expect(JSON.parse(scrubKickText(batch, live))).toEqual({
      events: [{ change: 'live', status: 'live' }, { sender: { username: 'Deleted member #12' } }],
    });
  });

  it('rewrites the follow key first, then the name and the bare id, and JSON stays JSON', () => {
    const job = JSON.stringify({ key: 'follow:7123456', kickUserId: 7123456, username: 'LEAVER_X', other: 17123456 });
    const scrubbed = scrubKickText(job, traces);
    expect(JSON.parse(scrubbed)).toEqual({ key: 'deleted-member:40', kickUserId: 0, username: 'Deleted member #12', other: 17123456 });
    expect(mentionsKick(scrubbed, traces)).toBe(false);
  });

  it('takes a name with regular-expression characters literally', () => {
    const odd = { ...traces, kickName: 'a.b' };
    expect(mentionsKick('axb', odd)).toBe(false);
    expect(scrubKickText('hi a.b', odd)).toBe('hi Deleted member #12');
    expect(scrubKickText('{"kick_username":"a.b"}', odd)).toBe('{"kick_username":"Deleted member #12"}');
  });
});
