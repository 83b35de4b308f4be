import { USER_MESSAGES, type UserProfile } from "@airwave/contracts";
import CakeIcon from "@mui/icons-material/Cake";
import FacebookIcon from "@mui/icons-material/Facebook";
import InstagramIcon from "@mui/icons-material/Instagram";
import LinkIcon from "@mui/icons-material/Link";
import PlaceIcon from "@mui/icons-material/Place";
import TwitterIcon from "@mui/icons-material/Twitter";
import WcIcon from "@mui/icons-material/Wc";
import { Box, Chip, Link, Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { parseInterests } from "./interests.ts";
import { linkLabel, SOCIAL_NETWORKS, type SocialNetwork, safeHref, socialHref } from "./links.ts";

const SOCIAL_ICONS: Record<SocialNetwork, ReactNode> = {
  facebook: <FacebookIcon fontSize="small" />,
  twitter: <TwitterIcon fontSize="small" />,
  instagram: <InstagramIcon fontSize="small" />,
};

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
      <Typography
        component="dt"
        sx={{
          color: "text.secondary",
          fontSize: 14,
          display: "flex",
          alignItems: "center",
          gap: 0.75,
        }}
      >
        {icon}
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: "anywhere" }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** A link a member typed: opens in a new tab, never with anything but http(s). */
function OutLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, overflowWrap: "anywhere" }}
    >
      {children}
    </Link>
  );
}

/** About: bio, age, location, sex, interests as chips, social and custom links (community spec 2). */
export function AboutSection({ profile }: { profile: UserProfile }) {
  const interests = parseInterests(profile.interests);
  const socials = (Object.keys(SOCIAL_NETWORKS) as SocialNetwork[])
    .map((network) => ({ network, href: socialHref(network, profile[network]) }))
    .filter((s): s is { network: SocialNetwork; href: string } => s.href !== null);
  const customLinks = (profile.customLinks ?? [])
    .map(safeHref)
    .filter((href): href is string => href !== null);
  const hasFacts = profile.age != null || !!profile.location || !!profile.sex;
  const empty =
    !profile.bio &&
    !hasFacts &&
    interests.length === 0 &&
    socials.length === 0 &&
    customLinks.length === 0;

  return (
    <Paper component="section" aria-label="About" sx={{ p: { xs: 2, sm: 3 } }}>
      {empty && <Typography color="text.secondary">{USER_MESSAGES.noAbout}</Typography>}
      {profile.bio && (
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mb: 2 }}>
          {profile.bio}
        </Typography>
      )}
      {hasFacts && (
        <Box
          component="dl"
          sx={{ m: 0, mb: 2, display: "flex", flexWrap: "wrap", gap: { xs: 1, sm: 3 } }}
        >
          {profile.age != null && (
            <Fact icon={<CakeIcon fontSize="small" />} label="Age" value={profile.age} />
          )}
          {profile.location && (
            <Fact icon={<PlaceIcon fontSize="small" />} label="Location" value={profile.location} />
          )}
          {profile.sex && (
            <Fact icon={<WcIcon fontSize="small" />} label="Sex" value={profile.sex} />
          )}
        </Box>
      )}
      {interests.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Interests
          </Typography>
          <Box
            component="ul"
            aria-label="Interests"
            sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, listStyle: "none", p: 0, m: 0 }}
          >
            {interests.map((i) => (
              <li key={i}>
                <Chip label={i} size="small" color="primary" variant="outlined" />
              </li>
            ))}
          </Box>
        </Box>
      )}
      {(socials.length > 0 || customLinks.length > 0) && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Links
          </Typography>
          <Stack component="ul" spacing={0.75} sx={{ listStyle: "none", p: 0, m: 0 }}>
            {socials.map(({ network, href }) => (
              <li key={network}>
                <OutLink href={href}>
                  {SOCIAL_ICONS[network]}
                  {SOCIAL_NETWORKS[network].label}
                </OutLink>
              </li>
            ))}
            {customLinks.map((href) => (
              <li key={href}>
                <OutLink href={href}>
                  <LinkIcon fontSize="small" />
                  {linkLabel(href)}
                </OutLink>
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
