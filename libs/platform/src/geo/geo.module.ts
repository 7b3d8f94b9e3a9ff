import { Global, Module } from '@nestjs/common';
import { ViewerCountryService } from './viewer-country.service';

/** The api's country lookup; the worker never needs it, so it is not part of the shared platform modules. */
@Global()
@Module({ providers: [ViewerCountryService], exports: [ViewerCountryService] })
export class GeoModule {}
