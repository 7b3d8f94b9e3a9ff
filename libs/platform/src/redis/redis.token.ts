import { Inject } from '@nestjs/common';

/** The main Redis connection's injection token (apart from the module, so providers of the module can use it). */
export const REDIS = Symbol('REDIS');
export const InjectRedis = () => Inject(REDIS);
