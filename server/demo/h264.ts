// A tiny H.264 Constrained Baseline encoder (CAVLC) for the demo catalogue's generated videos:
// no intra prediction and no transforms. An IDR frame is all I_PCM macroblocks (raw samples);
// a P frame skips every macroblock that did not change and sends the changed ones as I_PCM. That
// is big for natural video but small for slides whose clock changes a few macroblocks a second,
// and every decoder (browsers included) plays it. Pure: the same frames give the same bytes.

/** A picture in YUV 4:2:0: luma width × height, each chroma plane (width/2) × (height/2). */
export interface YuvFrame {
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

/** One coded picture: its NAL units without start codes (a single slice each here). */
export interface EncodedFrame {
  keyframe: boolean;
  nals: Uint8Array[];
}

/** MSB-first bit writer with the exp-Golomb codes of H.264 §9.1. */
export class BitWriter {
  private buffer = new Uint8Array(1024);
  private length = 0; // whole bytes written
  private current = 0;
  private used = 0; // bits filled in `current`

  /** Writes the low `bits` bits of `value` (bits ≤ 32), most significant first. */
  u(bits: number, value: number): void {
    for (let i = bits - 1; i >= 0; i--) this.bit(Math.floor(value / 2 ** i) & 1);
  }

  /** Writes one bit. */
  bit(b: number): void {
    this.current = (this.current << 1) | (b & 1);
    if (++this.used === 8) {
      this.reserve(1);
      this.buffer[this.length++] = this.current & 0xff;
      this.current = 0;
      this.used = 0;
    }
  }

  /** Unsigned exp-Golomb ue(v): (leading zeros) 1 (info bits) for value + 1. */
  ue(value: number): void {
    const code = value + 1;
    const len = Math.floor(Math.log2(code));
    this.u(len, 0);
    this.u(len + 1, code);
  }

  /** Signed exp-Golomb se(v): k > 0 maps to 2k − 1, k ≤ 0 to −2k. */
  se(value: number): void {
    this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  /** Pads with zero bits to the next byte boundary (pcm_alignment_zero_bit, etc.). */
  alignZero(): void { while (this.used) this.bit(0); }

  /** Appends whole bytes; the writer must be byte-aligned. */
  bytesAligned(data: Uint8Array): void {
    if (this.used) throw new Error('BitWriter.bytesAligned needs a byte boundary; call alignZero() first.');
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  /** rbsp_trailing_bits: a stop bit 1, then zeros to the byte boundary. */
  trailing(): void { this.bit(1); this.alignZero(); }

  /** The bytes written so far (a partial last byte is left out). */
  toBytes(): Uint8Array { return this.buffer.slice(0, this.length); }

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}

/** Inserts emulation_prevention_three_byte after every 00 00 that precedes a byte ≤ 3 (§7.4.1). */
export function addEmulationPrevention(rbsp: Uint8Array): Uint8Array {
  const out = new Uint8Array(rbsp.length + Math.ceil(rbsp.length / 2));
  let n = 0, zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) { out[n++] = 3; zeros = 0; }
    out[n++] = b;
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.slice(0, n);
}

/** A NAL unit: header byte (forbidden bit 0, nal_ref_idc, nal_unit_type) + escaped RBSP. */
function nal(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  const body = addEmulationPrevention(rbsp);
  const out = new Uint8Array(body.length + 1);
  out[0] = (refIdc << 5) | type;
  out.set(body, 1);
  return out;
}

/** Annex-B byte stream: each NAL unit after a 00 00 00 01 start code. */
export function toAnnexB(nals: readonly Uint8Array[]): Uint8Array {
  return concat(nals.flatMap((n) => [Uint8Array.of(0, 0, 0, 1), n]));
}

/** AVCC (MP4) sample: each NAL unit after its 4-byte big-endian length. */
export function toAvcc(nals: readonly Uint8Array[]): Uint8Array {
  return concat(nals.flatMap((n) => [Uint8Array.of(n.length >>> 24, (n.length >>> 16) & 255, (n.length >>> 8) & 255, n.length & 255), n]));
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** The RFC 6381 codec string of an SPS NAL unit, e.g. "avc1.42C01E" (for MSE and HLS). */
export function avcCodecString(sps: Uint8Array): string {
  return 'avc1.' + [sps[1]!, sps[2]!, sps[3]!].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

const LOG2_MAX_FRAME_NUM = 4; // frame_num counts 0..15, then wraps

/**
 * Encodes YUV 4:2:0 frames of one size (any even width and height; the picture is coded in
 * 16×16 macroblocks and cropped back). Call `encode` in display order; frame 0 is always IDR.
 */
export class H264Encoder {
  readonly width: number;
  readonly height: number;
  /** The sequence parameter set NAL unit (for avcC or in-band). */
  readonly sps: Uint8Array;
  /** The picture parameter set NAL unit. */
  readonly pps: Uint8Array;
  private readonly mbW: number;
  private readonly mbH: number;
  private previous: Uint8Array[] | undefined; // the last frame's macroblocks, 384 PCM bytes each
  private frameNum = 0;
  private idrId = 0;

  constructor(width: number, height: number) {
    if (width < 2 || height < 2 || width % 2 || height % 2) {
      throw new Error(`H264Encoder needs an even width and height of at least 2; got ${width}x${height}.`);
    }
    this.width = width;
    this.height = height;
    this.mbW = Math.ceil(width / 16);
    this.mbH = Math.ceil(height / 16);
    this.sps = this.buildSps();
    this.pps = this.buildPps();
  }

  /** Codes one frame; `keyframe` forces an IDR picture (the first frame is one anyway). */
  encode(frame: YuvFrame, keyframe = false): EncodedFrame {
    if (frame.width !== this.width || frame.height !== this.height) {
      throw new Error(`H264Encoder was made for ${this.width}x${this.height} frames; got ${frame.width}x${frame.height}.`);
    }
    const mbs = this.macroblocks(frame);
    const idr = keyframe || !this.previous;
    if (idr) this.frameNum = 0;
    const w = new BitWriter();
    // slice_header (§7.3.3): first_mb_in_slice, slice_type (7 = all I, 5 = all P), pps id
    w.ue(0); w.ue(idr ? 7 : 5); w.ue(0);
    w.u(LOG2_MAX_FRAME_NUM, this.frameNum);
    if (idr) w.ue(this.idrId++ % 65536);
    // picture order count type 2 sends nothing: output order is decoding order
    if (!idr) { w.bit(0); w.bit(0); } // num_ref_idx_active_override_flag, ref_pic_list_modification_flag_l0
    if (idr) { w.bit(0); w.bit(0); } // no_output_of_prior_pics_flag, long_term_reference_flag
    else w.bit(0); // adaptive_ref_pic_marking_mode_flag: sliding window
    w.se(0); // slice_qp_delta
    w.ue(1); // disable_deblocking_filter_idc: PCM needs no filtering
    // slice_data (§7.3.4)
    let skipRun = 0;
    mbs.forEach((mb, i) => {
      if (!idr && sameBytes(mb, this.previous![i]!)) { skipRun++; return; }
      if (!idr) { w.ue(skipRun); skipRun = 0; }
      w.ue(idr ? 25 : 30); // I_PCM (in a P slice intra types start at 5)
      w.alignZero();
      w.bytesAligned(mb);
    });
    if (skipRun) w.ue(skipRun);
    w.trailing();
    this.previous = mbs;
    const out = nal(idr ? 3 : 2, idr ? 5 : 1, w.toBytes());
    this.frameNum = (this.frameNum + 1) % (1 << LOG2_MAX_FRAME_NUM);
    return { keyframe: idr, nals: [out] };
  }

  /** Splits a frame into macroblocks of 256 luma + 64 Cb + 64 Cr bytes, edges repeated, samples kept in 1..254. */
  private macroblocks(f: YuvFrame): Uint8Array[] {
    const cw = f.width / 2, ch = f.height / 2;
    const out: Uint8Array[] = [];
    for (let my = 0; my < this.mbH; my++) {
      for (let mx = 0; mx < this.mbW; mx++) {
        const mb = new Uint8Array(384);
        let k = 0;
        for (let y = 0; y < 16; y++) {
          const row = Math.min(my * 16 + y, f.height - 1) * f.width;
          for (let x = 0; x < 16; x++) mb[k++] = clampPcm(f.y[row + Math.min(mx * 16 + x, f.width - 1)]!);
        }
        for (const plane of [f.u, f.v]) {
          for (let y = 0; y < 8; y++) {
            const row = Math.min(my * 8 + y, ch - 1) * cw;
            for (let x = 0; x < 8; x++) mb[k++] = clampPcm(plane[row + Math.min(mx * 8 + x, cw - 1)]!);
          }
        }
        out.push(mb);
      }
    }
    return out;
  }

  private buildSps(): Uint8Array {
    const w = new BitWriter();
    w.u(8, 66); // profile_idc: Baseline
    w.u(8, 0xc0); // constraint_set0 and set1: Constrained Baseline
    w.u(8, 30); // level 3.0: 1 620 macroblocks a frame, far above what demo videos use
    w.ue(0); // seq_parameter_set_id
    w.ue(LOG2_MAX_FRAME_NUM - 4);
    w.ue(2); // pic_order_cnt_type
    w.ue(1); // max_num_ref_frames
    w.bit(0); // gaps_in_frame_num_value_allowed_flag
    w.ue(this.mbW - 1);
    w.ue(this.mbH - 1);
    w.bit(1); // frame_mbs_only_flag
    w.bit(1); // direct_8x8_inference_flag
    const cropRight = (this.mbW * 16 - this.width) / 2, cropBottom = (this.mbH * 16 - this.height) / 2;
    const crop = cropRight > 0 || cropBottom > 0;
    w.bit(crop ? 1 : 0);
    if (crop) { w.ue(0); w.ue(cropRight); w.ue(0); w.ue(cropBottom); } // in 2-sample units for 4:2:0
    w.bit(1); // vui_parameters_present_flag
    w.bit(0); w.bit(0); // aspect_ratio_info_present_flag, overscan_info_present_flag
    w.bit(1); w.u(3, 5); w.bit(0); // video_signal_type: unspecified format, limited range
    w.bit(1); w.u(8, 6); w.u(8, 6); w.u(8, 6); // BT.601 (SMPTE 170M) primaries, transfer, matrix
    w.bit(0); w.bit(0); w.bit(0); w.bit(0); w.bit(0); // chroma loc, timing, NAL HRD, VCL HRD, pic_struct
    w.bit(1); // bitstream_restriction_flag: tells decoders not to hold frames back for reordering
    w.bit(1); w.ue(0); w.ue(0); w.ue(15); w.ue(15); // mv over boundaries, bytes/pic, bits/mb, mv lengths
    w.ue(0); // max_num_reorder_frames
    w.ue(1); // max_dec_frame_buffering
    w.trailing();
    return nal(3, 7, w.toBytes());
  }

  private buildPps(): Uint8Array {
    const w = new BitWriter();
    w.ue(0); w.ue(0); // pic_parameter_set_id, seq_parameter_set_id
    w.bit(0); w.bit(0); // entropy_coding_mode_flag (CAVLC), bottom_field_pic_order_in_frame_present_flag
    w.ue(0); // num_slice_groups_minus1
    w.ue(0); w.ue(0); // num_ref_idx_l0/l1_default_active_minus1
    w.bit(0); w.u(2, 0); // weighted_pred_flag, weighted_bipred_idc
    w.se(0); w.se(0); w.se(0); // pic_init_qp_minus26, pic_init_qs_minus26, chroma_qp_index_offset
    w.bit(1); // deblocking_filter_control_present_flag
    w.bit(0); w.bit(0); // constrained_intra_pred_flag, redundant_pic_cnt_present_flag
    w.trailing();
    return nal(3, 8, w.toBytes());
  }
}

// Early H.264 editions forbade PCM sample 0 and some decoders still dislike it; 255 is clamped
// too so the range stays symmetric. Video-range pictures never get near either end anyway.
function clampPcm(v: number): number {
  return v < 1 ? 1 : v > 254 ? 254 : v;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Converts packed RGB (3 bytes a pixel) to BT.601 limited-range YUV 4:2:0, chroma averaged over 2×2. */
export function rgbToYuv420(rgb: Uint8Array, width: number, height: number): YuvFrame {
  const y = new Uint8Array(width * height);
  const cw = width / 2, ch = height / 2;
  const u = new Uint8Array(cw * ch), v = new Uint8Array(cw * ch);
  for (let i = 0; i < width * height; i++) {
    const r = rgb[i * 3]!, g = rgb[i * 3 + 1]!, b = rgb[i * 3 + 2]!;
    y[i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const p = (cy * 2 * width + cx * 2) * 3, q = p + width * 3; // top-left of the 2×2, and below it
      const r = (rgb[p]! + rgb[p + 3]! + rgb[q]! + rgb[q + 3]!) / 4;
      const g = (rgb[p + 1]! + rgb[p + 4]! + rgb[q + 1]! + rgb[q + 4]!) / 4;
      const b = (rgb[p + 2]! + rgb[p + 5]! + rgb[q + 2]! + rgb[q + 5]!) / 4;
      u[cy * cw + cx] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      v[cy * cw + cx] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  return { width, height, y, u, v };
}
