import type { Announcement } from '@kickback/contracts';

/** Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
const LIMITS = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, footer: 2048 } as const;
/** The embed's side colour: Kick green. */
const COLOR = 0x53fc18;

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The body of Discord's Execute Webhook for one announcement: one rich embed. `allowed_mentions` parses nothing, so a
 * raffle title or a member name holding "@everyone" never pings a channel.
 */
export function discordMessage(announcement: Announcement, siteName: string) {
  return {
    username: cut(siteName, 80),
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: cut(announcement.title, LIMITS.title),
        description: cut(announcement.description, LIMITS.description),
        url: announcement.url,
        color: COLOR,
        timestamp: announcement.occurred_at,
        fields: announcement.fields.slice(0, LIMITS.fields).map((f) => ({
          name: cut(f.name, LIMITS.fieldName),
          value: cut(f.value || '—', LIMITS.fieldValue),
          inline: f.value.length <= 40,
        })),
        footer: { text: cut(siteName, LIMITS.footer) },
      },
    ],
  };
}
