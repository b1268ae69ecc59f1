// The anchor page module with its types (see ./anchor-module.d.ts).
import * as source from '@anchor-page';
import type { AnchorModule } from './anchor-convert';

export const { makePage, readN, IMG, TEXT } = source as unknown as AnchorModule;
