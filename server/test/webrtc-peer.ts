import { RTCPeerConnection, RTCRtpCodecParameters } from "werift";

/**
 * A real WebRTC peer in Node (werift) for the cams' tests: a publisher's send-only VP8 offer and a
 * subscriber's answer, each with ICE gathering complete (the cams send whole SDPs, no trickle).
 */

const vp8 = () =>
  new RTCRtpCodecParameters({
    mimeType: "video/VP8",
    clockRate: 90_000,
    rtcpFeedback: [{ type: "nack" }, { type: "nack", parameter: "pli" }, { type: "goog-remb" }],
  });

const newPeer = () => new RTCPeerConnection({ codecs: { video: [vp8()], audio: [] } });

async function gathered(pc: RTCPeerConnection) {
  if (pc.iceGatheringState === "complete") return;
  await new Promise<void>((resolve) => {
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state === "complete") {
        unSubscribe();
        resolve();
      }
    });
  });
}

export interface TestPublisher {
  offer: { type: "offer"; sdp: string };
  /** How many key frame requests (RTCP PLI) it has received. */
  plis(): number;
  accept(answer: { type: string; sdp: string }): Promise<void>;
  close(): Promise<void>;
}

/** A publisher's peer: a send-only video transceiver; `offer` is complete. */
export async function testPublisher(): Promise<TestPublisher> {
  const pc = newPeer();
  const video = pc.addTransceiver("video", { direction: "sendonly" });
  let plis = 0;
  video.sender.onPictureLossIndication.subscribe(() => {
    plis++;
  });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const sdp = pc.localDescription?.sdp ?? "";
  return {
    offer: { type: "offer", sdp },
    plis: () => plis,
    accept: async (answer) => {
      await pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
    },
    close: () => pc.close(),
  };
}

export interface TestSubscriber {
  /** Answers an offer of the server's (complete). */
  answer(offer: { type: string; sdp: string }): Promise<{ type: "answer"; sdp: string }>;
  close(): Promise<void>;
}

/** A subscriber's peer: answers the offers it is given on one connection. */
export function testSubscriber(): TestSubscriber {
  const pc = newPeer();
  return {
    async answer(offer) {
      await pc.setRemoteDescription({ type: "offer", sdp: offer.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      return { type: "answer", sdp: pc.localDescription?.sdp ?? "" };
    },
    close: () => pc.close(),
  };
}
