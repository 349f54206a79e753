// GENERATED from supabase/migrations by Supabase's type generator (postgres-meta); do not edit.
// Regenerate after changing the schema: npm run types:generate (a throwaway PostgreSQL 17 from npm).
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      ads: {
        Row: {
          created_at: string;
          description: string;
          id: string;
          image_path: string;
          link: string;
          promo_percent: number | null;
          title: string;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          description?: string;
          id?: string;
          image_path: string;
          link: string;
          promo_percent?: number | null;
          title: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          description?: string;
          id?: string;
          image_path?: string;
          link?: string;
          promo_percent?: number | null;
          title?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      analytics_events: {
        Row: {
          created_at: string;
          id: number;
          name: string;
          payload: NonNullable<Json>;
          route: string | null;
        };
        Insert: {
          created_at?: string;
          id?: never;
          name: string;
          payload?: NonNullable<Json>;
          route?: string | null;
        };
        Update: {
          created_at?: string;
          id?: never;
          name?: string;
          payload?: NonNullable<Json>;
          route?: string | null;
        };
        Relationships: [];
      };
      contacts: {
        Row: {
          client_hash: string | null;
          created_at: string;
          email: string;
          full_name: string;
          id: string;
          message: string;
          recaptcha_action: string | null;
          recaptcha_score: number | null;
          subject: string;
          updated_at: string;
        };
        Insert: {
          client_hash?: string | null;
          created_at?: string;
          email: string;
          full_name: string;
          id?: string;
          message: string;
          recaptcha_action?: string | null;
          recaptcha_score?: number | null;
          subject: string;
          updated_at?: string;
        };
        Update: {
          client_hash?: string | null;
          created_at?: string;
          email?: string;
          full_name?: string;
          id?: string;
          message?: string;
          recaptcha_action?: string | null;
          recaptcha_score?: number | null;
          subject?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      courses: {
        Row: {
          created_at: string;
          description: string;
          id: string;
          image_path: string;
          keywords: string[];
          link_to_course: string;
          platform: Database['public']['Enums']['course_platform'];
          title: string;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          description?: string;
          id?: string;
          image_path: string;
          keywords?: string[];
          link_to_course: string;
          platform: Database['public']['Enums']['course_platform'];
          title: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          description?: string;
          id?: string;
          image_path?: string;
          keywords?: string[];
          link_to_course?: string;
          platform?: Database['public']['Enums']['course_platform'];
          title?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      emails: {
        Row: {
          confirm_expires_at: string | null;
          confirm_nonce: string | null;
          confirmed_at: string | null;
          created_at: string;
          email: string;
          id: string;
          status: string;
          unsubscribe_nonce: string;
          unsubscribed_at: string | null;
          updated_at: string;
        };
        Insert: {
          confirm_expires_at?: string | null;
          confirm_nonce?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          email: string;
          id?: string;
          status?: string;
          unsubscribe_nonce?: string;
          unsubscribed_at?: string | null;
          updated_at?: string;
        };
        Update: {
          confirm_expires_at?: string | null;
          confirm_nonce?: string | null;
          confirmed_at?: string | null;
          created_at?: string;
          email?: string;
          id?: string;
          status?: string;
          unsubscribe_nonce?: string;
          unsubscribed_at?: string | null;
          updated_at?: string;
        };
        Relationships: [];
      };
      fediverse_actor_keys: {
        Row: {
          algorithm: string;
          created_at: string;
          private_key: NonNullable<Json>;
          public_key: NonNullable<Json>;
        };
        Insert: {
          algorithm: string;
          created_at?: string;
          private_key: NonNullable<Json>;
          public_key: NonNullable<Json>;
        };
        Update: {
          algorithm?: string;
          created_at?: string;
          private_key?: NonNullable<Json>;
          public_key?: NonNullable<Json>;
        };
        Relationships: [];
      };
      fediverse_followers: {
        Row: {
          actor_id: string;
          follow_id: string | null;
          followed_at: string;
          inbox: string;
          server: string;
          shared_inbox: string | null;
          updated_at: string;
        };
        Insert: {
          actor_id: string;
          follow_id?: string | null;
          followed_at?: string;
          inbox: string;
          server: string;
          shared_inbox?: string | null;
          updated_at?: string;
        };
        Update: {
          actor_id?: string;
          follow_id?: string | null;
          followed_at?: string;
          inbox?: string;
          server?: string;
          shared_inbox?: string | null;
          updated_at?: string;
        };
        Relationships: [];
      };
      fediverse_interactions: {
        Row: {
          activity_id: string;
          actor_id: string;
          id: string;
          kind: string;
          post_id: string;
          received_at: string;
          reply_id: string | null;
          reply_text: string | null;
          reply_url: string | null;
          server: string;
        };
        Insert: {
          activity_id: string;
          actor_id: string;
          id?: string;
          kind: string;
          post_id: string;
          received_at?: string;
          reply_id?: string | null;
          reply_text?: string | null;
          reply_url?: string | null;
          server: string;
        };
        Update: {
          activity_id?: string;
          actor_id?: string;
          id?: string;
          kind?: string;
          post_id?: string;
          received_at?: string;
          reply_id?: string | null;
          reply_text?: string | null;
          reply_url?: string | null;
          server?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'fediverse_interactions_post_id_fkey';
            columns: ['post_id'];
            referencedRelation: 'fediverse_posts';
            referencedColumns: ['id'];
          },
        ];
      };
      fediverse_kv: {
        Row: {
          expires_at: string | null;
          key: string[];
          value: NonNullable<Json>;
        };
        Insert: {
          expires_at?: string | null;
          key: string[];
          value: NonNullable<Json>;
        };
        Update: {
          expires_at?: string | null;
          key?: string[];
          value?: NonNullable<Json>;
        };
        Relationships: [];
      };
      fediverse_messages: {
        Row: {
          claim_token: string | null;
          claimed_until: string | null;
          created_at: string;
          deliver_at: string;
          id: number;
          message: NonNullable<Json>;
          ordering_key: string | null;
        };
        Insert: {
          claim_token?: string | null;
          claimed_until?: string | null;
          created_at?: string;
          deliver_at?: string;
          id?: never;
          message: NonNullable<Json>;
          ordering_key?: string | null;
        };
        Update: {
          claim_token?: string | null;
          claimed_until?: string | null;
          created_at?: string;
          deliver_at?: string;
          id?: never;
          message?: NonNullable<Json>;
          ordering_key?: string | null;
        };
        Relationships: [];
      };
      fediverse_posts: {
        Row: {
          attempts: number;
          claim_token: string | null;
          claimed_until: string | null;
          course_id: string | null;
          created_at: string;
          id: string;
          issue_id: string | null;
          kind: string;
          last_error: string | null;
          sent_at: string | null;
          status: string;
          video_id: string | null;
        };
        Insert: {
          attempts?: number;
          claim_token?: string | null;
          claimed_until?: string | null;
          course_id?: string | null;
          created_at?: string;
          id?: string;
          issue_id?: string | null;
          kind: string;
          last_error?: string | null;
          sent_at?: string | null;
          status?: string;
          video_id?: string | null;
        };
        Update: {
          attempts?: number;
          claim_token?: string | null;
          claimed_until?: string | null;
          course_id?: string | null;
          created_at?: string;
          id?: string;
          issue_id?: string | null;
          kind?: string;
          last_error?: string | null;
          sent_at?: string | null;
          status?: string;
          video_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'fediverse_posts_course_id_fkey';
            columns: ['course_id'];
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'fediverse_posts_issue_id_fkey';
            columns: ['issue_id'];
            referencedRelation: 'newsletter_issue_progress';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'fediverse_posts_issue_id_fkey';
            columns: ['issue_id'];
            referencedRelation: 'newsletter_issues';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'fediverse_posts_video_id_fkey';
            columns: ['video_id'];
            referencedRelation: 'videos';
            referencedColumns: ['id'];
          },
        ];
      };
      fediverse_settings: {
        Row: {
          created_at: string;
          id: boolean;
          post_courses: boolean;
          post_issues: boolean;
          post_videos: boolean;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          id?: boolean;
          post_courses?: boolean;
          post_issues?: boolean;
          post_videos?: boolean;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          id?: boolean;
          post_courses?: boolean;
          post_issues?: boolean;
          post_videos?: boolean;
          updated_at?: string;
        };
        Relationships: [];
      };
      mail_event_receipts: {
        Row: {
          event_type: string;
          received_at: string;
          webhook_id: string;
        };
        Insert: {
          event_type: string;
          received_at?: string;
          webhook_id: string;
        };
        Update: {
          event_type?: string;
          received_at?: string;
          webhook_id?: string;
        };
        Relationships: [];
      };
      mail_outbox: {
        Row: {
          attempts: number;
          batch: number | null;
          claim_token: string | null;
          contact_id: string | null;
          created_at: string;
          id: string;
          issue_id: string | null;
          kind: string;
          last_error: string | null;
          link_expires_at: string | null;
          next_attempt_at: string;
          owner_report_id: string | null;
          queued_at: string;
          sent_at: string | null;
          status: string;
          subscriber_id: string | null;
          updated_at: string;
        };
        Insert: {
          attempts?: number;
          batch?: number | null;
          claim_token?: string | null;
          contact_id?: string | null;
          created_at?: string;
          id?: string;
          issue_id?: string | null;
          kind: string;
          last_error?: string | null;
          link_expires_at?: string | null;
          next_attempt_at?: string;
          owner_report_id?: string | null;
          queued_at?: string;
          sent_at?: string | null;
          status?: string;
          subscriber_id?: string | null;
          updated_at?: string;
        };
        Update: {
          attempts?: number;
          batch?: number | null;
          claim_token?: string | null;
          contact_id?: string | null;
          created_at?: string;
          id?: string;
          issue_id?: string | null;
          kind?: string;
          last_error?: string | null;
          link_expires_at?: string | null;
          next_attempt_at?: string;
          owner_report_id?: string | null;
          queued_at?: string;
          sent_at?: string | null;
          status?: string;
          subscriber_id?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'mail_outbox_contact_id_fkey';
            columns: ['contact_id'];
            referencedRelation: 'contacts';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'mail_outbox_issue_id_fkey';
            columns: ['issue_id'];
            referencedRelation: 'newsletter_issue_progress';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'mail_outbox_issue_id_fkey';
            columns: ['issue_id'];
            referencedRelation: 'newsletter_issues';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'mail_outbox_owner_report_id_fkey';
            columns: ['owner_report_id'];
            referencedRelation: 'owner_reports';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'mail_outbox_subscriber_id_fkey';
            columns: ['subscriber_id'];
            referencedRelation: 'emails';
            referencedColumns: ['id'];
          },
        ];
      };
      mail_suppressions: {
        Row: {
          created_at: string;
          detail: string | null;
          email: string;
          reason: string;
          updated_at: string;
          webhook_id: string | null;
        };
        Insert: {
          created_at?: string;
          detail?: string | null;
          email: string;
          reason: string;
          updated_at?: string;
          webhook_id?: string | null;
        };
        Update: {
          created_at?: string;
          detail?: string | null;
          email?: string;
          reason?: string;
          updated_at?: string;
          webhook_id?: string | null;
        };
        Relationships: [];
      };
      newsletter_digests: {
        Row: {
          covers_from: string;
          covers_until: string;
          created_at: string;
          issue_id: string | null;
          new_courses: number;
          new_videos: number;
          week_of: string;
        };
        Insert: {
          covers_from: string;
          covers_until: string;
          created_at?: string;
          issue_id?: string | null;
          new_courses: number;
          new_videos: number;
          week_of: string;
        };
        Update: {
          covers_from?: string;
          covers_until?: string;
          created_at?: string;
          issue_id?: string | null;
          new_courses?: number;
          new_videos?: number;
          week_of?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'newsletter_digests_issue_id_fkey';
            columns: ['issue_id'];
            referencedRelation: 'newsletter_issue_progress';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'newsletter_digests_issue_id_fkey';
            columns: ['issue_id'];
            referencedRelation: 'newsletter_issues';
            referencedColumns: ['id'];
          },
        ];
      };
      newsletter_issues: {
        Row: {
          body_markdown: string;
          cancelled_at: string | null;
          created_at: string;
          id: string;
          kind: string;
          last_error: string | null;
          queued_at: string | null;
          recipients: number | null;
          send_at: string | null;
          sent_at: string | null;
          slug: string;
          status: string;
          subject: string;
          test_requested_at: string | null;
          updated_at: string;
        };
        Insert: {
          body_markdown?: string;
          cancelled_at?: string | null;
          created_at?: string;
          id?: string;
          kind?: string;
          last_error?: string | null;
          queued_at?: string | null;
          recipients?: number | null;
          send_at?: string | null;
          sent_at?: string | null;
          slug: string;
          status?: string;
          subject: string;
          test_requested_at?: string | null;
          updated_at?: string;
        };
        Update: {
          body_markdown?: string;
          cancelled_at?: string | null;
          created_at?: string;
          id?: string;
          kind?: string;
          last_error?: string | null;
          queued_at?: string | null;
          recipients?: number | null;
          send_at?: string | null;
          sent_at?: string | null;
          slug?: string;
          status?: string;
          subject?: string;
          test_requested_at?: string | null;
          updated_at?: string;
        };
        Relationships: [];
      };
      owner_report_settings: {
        Row: {
          created_at: string;
          enabled: boolean;
          id: boolean;
          send_day: number;
          send_hour: number;
          time_zone: string;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          enabled?: boolean;
          id?: boolean;
          send_day?: number;
          send_hour?: number;
          time_zone?: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          enabled?: boolean;
          id?: boolean;
          send_day?: number;
          send_hour?: number;
          time_zone?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      owner_reports: {
        Row: {
          created_at: string;
          ends_at: string;
          figures: NonNullable<Json>;
          id: string;
          starts_at: string;
          time_zone: string;
          updated_at: string;
          week_starts_on: string | null;
        };
        Insert: {
          created_at?: string;
          ends_at: string;
          figures: NonNullable<Json>;
          id?: string;
          starts_at: string;
          time_zone: string;
          updated_at?: string;
          week_starts_on?: string | null;
        };
        Update: {
          created_at?: string;
          ends_at?: string;
          figures?: NonNullable<Json>;
          id?: string;
          starts_at?: string;
          time_zone?: string;
          updated_at?: string;
          week_starts_on?: string | null;
        };
        Relationships: [];
      };
      page_views: {
        Row: {
          day: string;
          device: string;
          id: number;
          network: string;
          path: string;
          source: string | null;
          utm_campaign: string | null;
          utm_medium: string | null;
          utm_source: string | null;
          viewed_at: string;
          visitor: string;
        };
        Insert: {
          day: string;
          device: string;
          id?: never;
          network: string;
          path: string;
          source?: string | null;
          utm_campaign?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
          viewed_at?: string;
          visitor: string;
        };
        Update: {
          day?: string;
          device?: string;
          id?: never;
          network?: string;
          path?: string;
          source?: string | null;
          utm_campaign?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
          viewed_at?: string;
          visitor?: string;
        };
        Relationships: [];
      };
      projects: {
        Row: {
          created_at: string;
          description: string;
          featured_rank: number | null;
          id: string;
          image_path: string;
          keywords: string[];
          link_to_project: string;
          title: string;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          description?: string;
          featured_rank?: number | null;
          id?: string;
          image_path: string;
          keywords?: string[];
          link_to_project: string;
          title: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          description?: string;
          featured_rank?: number | null;
          id?: string;
          image_path?: string;
          keywords?: string[];
          link_to_project?: string;
          title?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      rate_limit_hits: {
        Row: {
          bucket: string;
          created_at: string;
          expires_at: string;
          id: number;
          weight: number;
        };
        Insert: {
          bucket: string;
          created_at?: string;
          expires_at?: string;
          id?: never;
          weight?: number;
        };
        Update: {
          bucket?: string;
          created_at?: string;
          expires_at?: string;
          id?: never;
          weight?: number;
        };
        Relationships: [];
      };
      site_routes: {
        Row: {
          path: string;
        };
        Insert: {
          path: string;
        };
        Update: {
          path?: string;
        };
        Relationships: [];
      };
      testimonials: {
        Row: {
          created_at: string;
          id: string;
          person_image: string | null;
          person_name: string;
          platform: Database['public']['Enums']['course_platform'];
          testimonial: string;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          person_image?: string | null;
          person_name: string;
          platform: Database['public']['Enums']['course_platform'];
          testimonial: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          person_image?: string | null;
          person_name?: string;
          platform?: Database['public']['Enums']['course_platform'];
          testimonial?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      videos: {
        Row: {
          created_at: string;
          description: string;
          id: string;
          like_count: number | null;
          published_at: string;
          removed_at: string | null;
          thumbnail_url: string;
          title: string;
          updated_at: string;
          video_id: string;
          view_count: number | null;
        };
        Insert: {
          created_at?: string;
          description?: string;
          id?: string;
          like_count?: number | null;
          published_at: string;
          removed_at?: string | null;
          thumbnail_url: string;
          title: string;
          updated_at?: string;
          video_id: string;
          view_count?: number | null;
        };
        Update: {
          created_at?: string;
          description?: string;
          id?: string;
          like_count?: number | null;
          published_at?: string;
          removed_at?: string | null;
          thumbnail_url?: string;
          title?: string;
          updated_at?: string;
          video_id?: string;
          view_count?: number | null;
        };
        Relationships: [];
      };
    };
    Views: {
      analytics_events_per_day: {
        Row: {
          day: string | null;
          events: number | null;
          name: string | null;
        };
        Relationships: [];
      };
      newsletter_issue_progress: {
        Row: {
          cancelled: number | null;
          failed: number | null;
          id: string | null;
          kind: string | null;
          queued: number | null;
          queued_at: string | null;
          recipients: number | null;
          send_at: string | null;
          sent: number | null;
          sent_at: string | null;
          status: string | null;
          subject: string | null;
          suppressed: number | null;
          unsubscribed: number | null;
        };
        Relationships: [];
      };
      newsletter_subscribers: {
        Row: {
          confirmed_at: string | null;
          created_at: string | null;
          email: string | null;
        };
        Insert: {
          confirmed_at?: string | null;
          created_at?: string | null;
          email?: string | null;
        };
        Update: {
          confirmed_at?: string | null;
          created_at?: string | null;
          email?: string | null;
        };
        Relationships: [];
      };
      owner_report_week_counts: {
        Row: {
          count: number | null;
          figure: string | null;
          previous_count: number | null;
        };
        Relationships: [];
      };
      owner_report_week_days: {
        Row: {
          day: string | null;
          pageviews: number | null;
          visitors: number | null;
          visits: number | null;
        };
        Relationships: [];
      };
      owner_report_week_messages: {
        Row: {
          email: string | null;
          full_name: string | null;
          received_at: string | null;
          subject: string | null;
        };
        Relationships: [];
      };
      owner_report_week_rates: {
        Row: {
          figure: string | null;
          previous_value: number | null;
          value: number | null;
        };
        Relationships: [];
      };
      owner_report_week_spikes: {
        Row: {
          day: string | null;
          source: string | null;
          source_visitors: number | null;
          usual_visitors: number | null;
          visitors: number | null;
        };
        Relationships: [];
      };
      owner_report_week_top: {
        Row: {
          count: number | null;
          item: string | null;
          list: string | null;
          previous_count: number | null;
          rank: number | null;
        };
        Relationships: [];
      };
      owner_report_week_visits_per_day: {
        Row: {
          day: string | null;
          visits: number | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      claim_fediverse_messages: {
        Args: { p_lease_seconds: number; p_limit: number };
        Returns: {
          claim_token: string;
          id: number;
          message: Json;
        }[];
      };
      claim_fediverse_posts: {
        Args: { p_lease_seconds: number; p_limit: number };
        Returns: {
          claim_token: string;
          created_at: string;
          id: string;
          item: Json;
          kind: string;
        }[];
      };
      claim_mail_outbox: {
        Args: {
          p_give_up_after_seconds: number;
          p_lease_seconds: number;
          p_limit: number;
          p_max_attempts: number;
        };
        Returns: {
          attempts: number;
          claim_token: string;
          details: Json;
          id: string;
          kind: string;
          link_expires_at: string;
        }[];
      };
      claim_newsletter_batches: {
        Args: {
          p_batches: number;
          p_lease_seconds: number;
          p_max_attempts: number;
        };
        Returns: {
          attempts: number;
          batch: number;
          claim_token: string;
          email: string;
          id: string;
          issue_id: string;
          kind: string;
          subscriber_id: string;
          unsubscribe_nonce: string;
        }[];
      };
      confirm_newsletter_subscription: {
        Args: { p_nonce: string; p_subscriber: string };
        Returns: string;
      };
      fediverse_account_counts: {
        Args: Record<PropertyKey, never>;
        Returns: {
          followers: number;
          posts: number;
        }[];
      };
      fediverse_actor_keys: {
        Args: { p_candidates?: Json };
        Returns: {
          algorithm: string;
          created_at: string;
          private_key: NonNullable<Json>;
          public_key: NonNullable<Json>;
        }[];
        SetofOptions: {
          from: '*';
          to: 'fediverse_actor_keys';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      fediverse_enqueue: { Args: { p_messages: Json }; Returns: number };
      fediverse_follow: {
        Args: {
          p_actor_id: string;
          p_follow_id?: string;
          p_inbox: string;
          p_shared_inbox?: string;
        };
        Returns: undefined;
      };
      fediverse_follower_page: {
        Args: { p_after?: string; p_limit?: number };
        Returns: {
          actor_id: string;
          inbox: string;
          shared_inbox: string;
        }[];
      };
      fediverse_kv_get: {
        Args: { p_key: string[] };
        Returns: {
          value: Json;
        }[];
      };
      fediverse_kv_list: {
        Args: { p_prefix: string[] };
        Returns: {
          key: string[];
          value: Json;
        }[];
      };
      fediverse_kv_set: {
        Args: {
          p_compare?: boolean;
          p_delete?: boolean;
          p_expected?: Json;
          p_expected_present?: boolean;
          p_key: string[];
          p_ttl_seconds?: number;
          p_value: Json;
        };
        Returns: boolean;
      };
      fediverse_record_interaction: {
        Args: {
          p_activity_id: string;
          p_actor_id: string;
          p_kind: string;
          p_post_key: string;
          p_post_kind: string;
          p_reply_id?: string;
          p_reply_text?: string;
          p_reply_url?: string;
        };
        Returns: boolean;
      };
      fediverse_remove_interaction: {
        Args: { p_actor_id: string; p_id: string };
        Returns: number;
      };
      fediverse_report_figures: {
        Args: { p_from: string; p_time_zone?: string; p_to: string };
        Returns: Json;
      };
      fediverse_sent_post: {
        Args: { p_key: string; p_kind: string };
        Returns: {
          created_at: string;
          id: string;
          item: Json;
          kind: string;
          sent_at: string;
        }[];
      };
      fediverse_sent_posts: {
        Args: { p_before?: string; p_limit?: number };
        Returns: {
          created_at: string;
          id: string;
          item: Json;
          kind: string;
          sent_at: string;
          total: number;
        }[];
      };
      fediverse_unfollow: {
        Args: { p_actor_ids: string[]; p_inbox?: string };
        Returns: number;
      };
      finish_fediverse_message: {
        Args: {
          p_claim_token: string;
          p_id: number;
          p_release?: boolean;
          p_retry_after_seconds?: number;
          p_then?: Json;
        };
        Returns: boolean;
      };
      finish_fediverse_post: {
        Args: {
          p_claim_token: string;
          p_error?: string;
          p_id: string;
          p_messages?: Json;
        };
        Returns: boolean;
      };
      finish_mail_outbox: {
        Args: {
          p_claim_token: string;
          p_error?: string;
          p_id: string;
          p_outcome: string;
          p_retry_after_seconds?: number;
        };
        Returns: boolean;
      };
      finish_newsletter_copies: {
        Args: {
          p_claim_token: string;
          p_error?: string;
          p_ids: string[];
          p_outcome: string;
          p_retry_after_seconds?: number;
        };
        Returns: number;
      };
      newsletter_digest_since: { Args: { p_week_of: string }; Returns: string };
      owner_report_counts: {
        Args: { p_from: string; p_time_zone?: string; p_to: string };
        Returns: {
          count: number;
          figure: string;
          previous_count: number;
        }[];
      };
      owner_report_days: {
        Args: { p_from: string; p_time_zone?: string; p_to: string };
        Returns: {
          day: string;
          pageviews: number;
          visitors: number;
          visits: number;
        }[];
      };
      owner_report_figures: {
        Args: {
          p_from: string;
          p_message_limit?: number;
          p_time_zone?: string;
          p_to: string;
        };
        Returns: Json;
      };
      owner_report_messages: {
        Args: { p_from: string; p_to: string };
        Returns: {
          email: string;
          full_name: string;
          received_at: string;
          subject: string;
        }[];
      };
      owner_report_period: {
        Args: { p_from: string; p_time_zone?: string; p_to: string };
        Returns: {
          ends_at: string;
          previous_starts_at: string;
          starts_at: string;
          time_zone: string;
        }[];
      };
      owner_report_rates: {
        Args: { p_from: string; p_time_zone?: string; p_to: string };
        Returns: {
          figure: string;
          previous_value: number;
          value: number;
        }[];
      };
      owner_report_spikes: {
        Args: { p_from: string; p_time_zone?: string; p_to: string };
        Returns: {
          day: string;
          source: string;
          source_visitors: number;
          usual_visitors: number;
          visitors: number;
        }[];
      };
      owner_report_top: {
        Args: {
          p_from: string;
          p_limit?: number;
          p_time_zone?: string;
          p_to: string;
        };
        Returns: {
          count: number;
          item: string;
          list: string;
          previous_count: number;
          rank: number;
        }[];
      };
      owner_report_visits_per_day: {
        Args: { p_from: string; p_time_zone?: string; p_to: string };
        Returns: {
          day: string;
          visits: number;
        }[];
      };
      owner_report_week: {
        Args: { p_at?: string };
        Returns: {
          due_at: string;
          ends_at: string;
          starts_at: string;
          time_zone: string;
          week_starts_on: string;
        }[];
      };
      purge_mail_records: { Args: Record<PropertyKey, never>; Returns: Json };
      queue_due_newsletter_issues: {
        Args: { p_batch_size: number };
        Returns: number;
      };
      queue_owner_report: {
        Args: {
          p_from: string;
          p_time_zone: string;
          p_to: string;
          p_week_starts_on?: string;
        };
        Returns: string;
      };
      queue_owner_report_now: {
        Args: Record<PropertyKey, never>;
        Returns: {
          ends_at: string;
          outcome: string;
          report_id: string;
          starts_at: string;
        }[];
      };
      queue_weekly_owner_report: {
        Args: { p_at?: string };
        Returns: {
          ends_at: string;
          outcome: string;
          report_id: string;
          starts_at: string;
        }[];
      };
      record_mail_event: {
        Args: {
          p_addresses: string[];
          p_detail: string;
          p_event_type: string;
          p_reason: string;
          p_webhook_id: string;
        };
        Returns: string;
      };
      record_newsletter_digest: {
        Args: {
          p_body_markdown: string;
          p_covers_from: string;
          p_covers_until: string;
          p_new_courses: number;
          p_new_videos: number;
          p_send: boolean;
          p_subject: string;
          p_week_of: string;
        };
        Returns: string;
      };
      record_page_view: {
        Args: {
          p_client: string;
          p_device: string;
          p_network: string;
          p_path: string;
          p_source: string;
          p_user_agent: string;
          p_utm_campaign: string;
          p_utm_medium: string;
          p_utm_source: string;
        };
        Returns: string;
      };
      renew_fediverse_messages: {
        Args: {
          p_claim_token: string;
          p_ids: number[];
          p_lease_seconds: number;
        };
        Returns: number;
      };
      rotate_visitor_salts: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      search_catalogue: {
        Args: {
          catalogue: string;
          keyword?: string;
          page_number?: number;
          page_size?: number;
          search_term?: string;
        };
        Returns: Json;
      };
      search_videos: {
        Args: { search_term?: string; sort?: string };
        Returns: {
          created_at: string;
          description: string;
          id: string;
          like_count: number | null;
          published_at: string;
          removed_at: string | null;
          thumbnail_url: string;
          title: string;
          updated_at: string;
          video_id: string;
          view_count: number | null;
        }[];
        SetofOptions: {
          from: '*';
          to: 'videos';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      site_route: { Args: { p_path: string }; Returns: string };
      store_contact_message: {
        Args: {
          p_email: string;
          p_full_name: string;
          p_message: string;
          p_recaptcha_action: string;
          p_recaptcha_score: number;
          p_subject: string;
        };
        Returns: string;
      };
      subscribe_newsletter: {
        Args: {
          p_confirm_within_seconds: number;
          p_email: string;
          p_max_per_day: number;
        };
        Returns: boolean;
      };
      suppressed_mail_addresses: {
        Args: { p_addresses: string[] };
        Returns: {
          email: string;
          reason: string;
        }[];
      };
      sync_channel_videos: { Args: { channel_videos: Json }; Returns: Json };
      sync_channel_videos_guarded: {
        Args: { channel_videos: Json; max_removed_share: number };
        Returns: Json;
      };
      take_rate_limit: {
        Args: {
          p_bucket: string;
          p_max: number;
          p_weight: number;
          p_window_seconds: number;
        };
        Returns: boolean;
      };
      take_rate_limits: { Args: { p_buckets: Json }; Returns: string };
      unsubscribe_newsletter: {
        Args: { p_nonce: string; p_subscriber: string };
        Returns: string;
      };
    };
    Enums: {
      course_platform: 'YOUTUBE' | 'UDEMY' | 'SKILLSHARE';
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {
      course_platform: ['YOUTUBE', 'UDEMY', 'SKILLSHARE'],
    },
  },
} as const;
